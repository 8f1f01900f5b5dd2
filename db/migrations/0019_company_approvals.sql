CREATE TABLE `approval_decisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`request_id` integer NOT NULL,
	`approver_id` text,
	`decision` text NOT NULL,
	`reason` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `approval_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`approver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `approval_decisions_once_idx` ON `approval_decisions` (`request_id`,`approver_id`);--> statement-breakpoint
CREATE TABLE `approval_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`user_id` text,
	`status` text DEFAULT 'waiting' NOT NULL,
	`order_input` text NOT NULL,
	`lines` text NOT NULL,
	`subtotal` integer NOT NULL,
	`vat_amount` integer NOT NULL,
	`total` integer NOT NULL,
	`order_value` integer NOT NULL,
	`reasons` text NOT NULL,
	`approvals_needed` integer DEFAULT 1 NOT NULL,
	`order_id` integer,
	`rejection_reason` text,
	`decided_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `approval_requests_company_idx` ON `approval_requests` (`company_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `approval_requests_user_idx` ON `approval_requests` (`user_id`,`created_at`);