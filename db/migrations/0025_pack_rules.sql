ALTER TABLE `product_variants` ADD `min_order_quantity` integer;--> statement-breakpoint
ALTER TABLE `product_variants` ADD `order_multiple` integer;--> statement-breakpoint
ALTER TABLE `product_variants` ADD `pack_label` text(60);--> statement-breakpoint
ALTER TABLE `product_variants` ADD `units_per_pack` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `min_order_quantity` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `order_multiple` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `pack_label` text(60);--> statement-breakpoint
ALTER TABLE `products` ADD `units_per_pack` integer;