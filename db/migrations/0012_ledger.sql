CREATE TABLE `credit_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`credit_note_number` text(50) NOT NULL,
	`return_id` integer NOT NULL,
	`sales_invoice_id` integer,
	`customer_id` text,
	`issue_date` text NOT NULL,
	`subtotal` integer NOT NULL,
	`vat_amount` integer NOT NULL,
	`total` integer NOT NULL,
	`applied_amount` integer NOT NULL,
	`refunded_amount` integer NOT NULL,
	`refund_account_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`return_id`) REFERENCES `returns`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sales_invoice_id`) REFERENCES `sales_invoices`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`refund_account_id`) REFERENCES `financial_accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_credit_note_number_unique` ON `credit_notes` (`credit_note_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_return_id_unique` ON `credit_notes` (`return_id`);--> statement-breakpoint
CREATE INDEX `credit_notes_invoice_idx` ON `credit_notes` (`sales_invoice_id`);--> statement-breakpoint
CREATE INDEX `credit_notes_issue_idx` ON `credit_notes` (`issue_date`);--> statement-breakpoint
CREATE TABLE `journal_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`journal_id` integer NOT NULL,
	`ledger_account_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`date` text NOT NULL,
	FOREIGN KEY (`journal_id`) REFERENCES `journals`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`ledger_account_id`) REFERENCES `ledger_accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `journal_lines_journal_idx` ON `journal_lines` (`journal_id`);--> statement-breakpoint
CREATE INDEX `journal_lines_account_date_idx` ON `journal_lines` (`ledger_account_id`,`date`,`journal_id`,`amount`);--> statement-breakpoint
CREATE TABLE `journals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`date` text NOT NULL,
	`description` text NOT NULL,
	`source_type` text NOT NULL,
	`source_id` integer,
	`reverses_id` integer,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`reverses_id`) REFERENCES `journals`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `journals_date_idx` ON `journals` (`date`,`id`);--> statement-breakpoint
CREATE INDEX `journals_source_idx` ON `journals` (`source_type`,`source_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `journals_reverses_unique` ON `journals` (`reverses_id`);--> statement-breakpoint
CREATE TABLE `ledger_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text(10) NOT NULL,
	`name` text(200) NOT NULL,
	`type` text NOT NULL,
	`is_system` integer DEFAULT false NOT NULL,
	`financial_account_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`financial_account_id`) REFERENCES `financial_accounts`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_accounts_code_unique` ON `ledger_accounts` (`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_accounts_financial_account_id_unique` ON `ledger_accounts` (`financial_account_id`);--> statement-breakpoint
CREATE TABLE `vat_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`vat_return_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`payment_date` text NOT NULL,
	`financial_account_id` integer,
	`reference` text(100),
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`vat_return_id`) REFERENCES `vat_returns`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`financial_account_id`) REFERENCES `financial_accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `vat_payments_return_idx` ON `vat_payments` (`vat_return_id`);--> statement-breakpoint
CREATE INDEX `vat_payments_date_idx` ON `vat_payments` (`payment_date`);--> statement-breakpoint
ALTER TABLE `sales_invoices` ADD `credited_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `vat_returns` ADD `vat_registration_number` text;--> statement-breakpoint
ALTER TABLE `vat_returns` ADD `period_key` text;--> statement-breakpoint
-- The books are never edited: a journal and its lines can only be added; a mistake is corrected by a reversal.
CREATE TRIGGER `journals_never_updated` BEFORE UPDATE ON `journals` BEGIN SELECT RAISE(ABORT, 'journals are never edited: post a reversing journal'); END;--> statement-breakpoint
CREATE TRIGGER `journals_never_deleted` BEFORE DELETE ON `journals` BEGIN SELECT RAISE(ABORT, 'journals are never deleted: post a reversing journal'); END;--> statement-breakpoint
CREATE TRIGGER `journal_lines_never_updated` BEFORE UPDATE ON `journal_lines` BEGIN SELECT RAISE(ABORT, 'journal lines are never edited: post a reversing journal'); END;--> statement-breakpoint
CREATE TRIGGER `journal_lines_never_deleted` BEFORE DELETE ON `journal_lines` BEGIN SELECT RAISE(ABORT, 'journal lines are never deleted: post a reversing journal'); END;--> statement-breakpoint
-- The standard chart of accounts, on every install (app/domain/ledger/chart.ts lists the same).
INSERT INTO `ledger_accounts` (`code`, `name`, `type`, `is_system`) VALUES
  ('1100', 'Trade debtors', 'asset', 1),
  ('1200', 'Bank current account', 'asset', 1),
  ('1210', 'Petty cash', 'asset', 1),
  ('1230', 'Card clearing', 'asset', 1),
  ('2100', 'Trade creditors', 'liability', 1),
  ('2200', 'VAT on sales', 'liability', 1),
  ('2201', 'VAT on purchases', 'liability', 1),
  ('2202', 'VAT liability to HMRC', 'liability', 1),
  ('2300', 'Company credit card', 'liability', 1),
  ('3000', 'Capital', 'equity', 1),
  ('3200', 'Retained earnings', 'equity', 1),
  ('4000', 'Sales', 'income', 1),
  ('4010', 'Sales returns', 'income', 1),
  ('5000', 'Purchases', 'expense', 1),
  ('9999', 'Suspense', 'asset', 1);
