CREATE TABLE `quote_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`quote_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`product_id` integer,
	`product_name` text NOT NULL,
	`sku` text(64),
	`selected_variants` text DEFAULT '{}' NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price` integer,
	`buyer_price` integer NOT NULL,
	`cost_price` integer DEFAULT 0 NOT NULL,
	`vat_rate` integer NOT NULL,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `quote_lines_quote_idx` ON `quote_lines` (`quote_id`,`position`);--> statement-breakpoint
CREATE TABLE `quotes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`quote_number` text(20) NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`company_id` integer NOT NULL,
	`user_id` text,
	`status` text DEFAULT 'requested' NOT NULL,
	`request_notes` text,
	`notes` text,
	`wanted_by` text,
	`valid_until` text,
	`delivery_terms` text,
	`sent_at` integer,
	`accepted_at` integer,
	`accepted_order_id` integer,
	`approval_request_id` integer,
	`decline_reason` text,
	`declined_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`accepted_order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`approval_request_id`) REFERENCES `approval_requests`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quotes_number_version_unique` ON `quotes` (`quote_number`,`version`);--> statement-breakpoint
CREATE INDEX `quotes_company_created_idx` ON `quotes` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `quotes_status_created_idx` ON `quotes` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `quote_id` integer REFERENCES quotes(id);--> statement-breakpoint
CREATE INDEX `orders_quote_idx` ON `orders` (`quote_id`);