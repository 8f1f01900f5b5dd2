CREATE INDEX `payments_account_idx` ON `payments` (`financial_account_id`);--> statement-breakpoint
CREATE INDEX `purchase_payments_date_idx` ON `purchase_payments` (`payment_date`);--> statement-breakpoint
CREATE INDEX `purchase_payments_account_idx` ON `purchase_payments` (`financial_account_id`);