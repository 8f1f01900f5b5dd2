CREATE TABLE `product_barcodes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`variant_id` integer,
	`variant_option` text(100),
	`code` text(32) NOT NULL,
	`type` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variant_id`) REFERENCES `product_variants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_barcodes_code_idx` ON `product_barcodes` (`code`);--> statement-breakpoint
-- hand-written: drizzle-kit splits the coalesce() expressions at their commas
CREATE UNIQUE INDEX `product_barcodes_item_code_unique` ON `product_barcodes` (`product_id`,coalesce(`variant_id`, 0),coalesce(`variant_option`, ''),`code`);