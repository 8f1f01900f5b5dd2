CREATE TABLE `delivery_addresses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`label` text(60) NOT NULL,
	`name` text(200) NOT NULL,
	`address` text NOT NULL,
	`city` text(100) NOT NULL,
	`postcode` text(20) NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `delivery_addresses_user_idx` ON `delivery_addresses` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `order_items` ADD `sku` text(64);--> statement-breakpoint
ALTER TABLE `orders` ADD `po_reference` text(50);--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_notes` text;--> statement-breakpoint
ALTER TABLE `products` ADD `sku` text(64);--> statement-breakpoint
UPDATE `products` SET `sku` = upper(`slug`) WHERE `sku` IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `products_sku_unique` ON `products` (`sku`);--> statement-breakpoint
ALTER TABLE `sales_invoice_items` ADD `sku` text(64);