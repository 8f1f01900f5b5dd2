DROP INDEX `orders_user_created_idx`;--> statement-breakpoint
CREATE INDEX `orders_user_created_totals_idx` ON `orders` (`user_id`,`created_at`,`status`,`total`);--> statement-breakpoint
DROP INDEX `sales_invoices_issue_idx`;--> statement-breakpoint
CREATE INDEX `sales_invoices_issue_totals_idx` ON `sales_invoices` (`issue_date`,`status`,`subtotal`,`vat_amount`,`created_at`,`voided_at`);