CREATE TABLE `reminder_sends` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sales_invoice_id` integer NOT NULL,
	`level` integer NOT NULL,
	`sent_to` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`sales_invoice_id`) REFERENCES `sales_invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reminder_sends_invoice_level_unique` ON `reminder_sends` (`sales_invoice_id`,`level`);--> statement-breakpoint
CREATE TABLE `statement_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`period` text NOT NULL,
	`as_at` text NOT NULL,
	`sent_to` text NOT NULL,
	`closing_balance` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `statement_runs_company_period_unique` ON `statement_runs` (`company_id`,`period`);--> statement-breakpoint
ALTER TABLE `companies` ADD `payment_terms` text DEFAULT 'net30' NOT NULL;--> statement-breakpoint
ALTER TABLE `companies` ADD `credit_limit_pence` integer;--> statement-breakpoint
ALTER TABLE `sales_invoices` ADD `payment_terms` text;