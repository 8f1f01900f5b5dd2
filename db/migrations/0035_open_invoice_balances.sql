-- What each company owes now on its open sales invoices, and the same per due date, for the aged-debtors screen of
-- today: it summed every open invoice (132,000 at a million invoices, 200 ms) to list 25 companies. An invoice is
-- open while it is not void and its total is above what was paid and credited; company 0 holds the invoices billed
-- to no company. The triggers below are the only writers, in the statement that changes the invoice.
CREATE TABLE `company_open_balances` (
	`company_id` integer PRIMARY KEY NOT NULL,
	`outstanding` integer NOT NULL,
	`invoices` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `open_invoice_due_totals` (
	`due_date` text PRIMARY KEY NOT NULL,
	`outstanding` integer NOT NULL,
	`invoices` integer NOT NULL
);
--> statement-breakpoint
-- the invoices already open, summed once (data migration)
INSERT INTO `company_open_balances` (`company_id`, `outstanding`, `invoices`)
SELECT coalesce(`company_id`, 0), sum(`total` - `amount_paid` - `credited_amount`), count(*) FROM `sales_invoices`
WHERE `total` > `amount_paid` + `credited_amount` AND `status` <> 'void' GROUP BY coalesce(`company_id`, 0);--> statement-breakpoint
INSERT INTO `open_invoice_due_totals` (`due_date`, `outstanding`, `invoices`)
SELECT `due_date`, sum(`total` - `amount_paid` - `credited_amount`), count(*) FROM `sales_invoices`
WHERE `total` > `amount_paid` + `credited_amount` AND `status` <> 'void' GROUP BY `due_date`;--> statement-breakpoint
CREATE TRIGGER `sales_invoices_open_balance_insert` AFTER INSERT ON `sales_invoices`
WHEN NEW.`status` <> 'void' AND NEW.`total` > NEW.`amount_paid` + NEW.`credited_amount` BEGIN
	INSERT INTO `company_open_balances` (`company_id`, `outstanding`, `invoices`)
	VALUES (coalesce(NEW.`company_id`, 0), NEW.`total` - NEW.`amount_paid` - NEW.`credited_amount`, 1)
	ON CONFLICT (`company_id`) DO UPDATE SET `outstanding` = `outstanding` + excluded.`outstanding`, `invoices` = `invoices` + 1;
	INSERT INTO `open_invoice_due_totals` (`due_date`, `outstanding`, `invoices`)
	VALUES (NEW.`due_date`, NEW.`total` - NEW.`amount_paid` - NEW.`credited_amount`, 1)
	ON CONFLICT (`due_date`) DO UPDATE SET `outstanding` = `outstanding` + excluded.`outstanding`, `invoices` = `invoices` + 1;
END;--> statement-breakpoint
-- a payment, a credit, a void (or its undoing), a new total, company or due date takes the invoice out as it was
-- and adds it as it is, each only when open
CREATE TRIGGER `sales_invoices_open_balance_update` AFTER UPDATE OF `status`, `total`, `amount_paid`, `credited_amount`, `company_id`, `due_date` ON `sales_invoices`
WHEN (OLD.`status` <> 'void' AND OLD.`total` > OLD.`amount_paid` + OLD.`credited_amount`)
	OR (NEW.`status` <> 'void' AND NEW.`total` > NEW.`amount_paid` + NEW.`credited_amount`) BEGIN
	UPDATE `company_open_balances` SET `outstanding` = `outstanding` - (OLD.`total` - OLD.`amount_paid` - OLD.`credited_amount`), `invoices` = `invoices` - 1
	WHERE `company_id` = coalesce(OLD.`company_id`, 0) AND OLD.`status` <> 'void' AND OLD.`total` > OLD.`amount_paid` + OLD.`credited_amount`;
	UPDATE `open_invoice_due_totals` SET `outstanding` = `outstanding` - (OLD.`total` - OLD.`amount_paid` - OLD.`credited_amount`), `invoices` = `invoices` - 1
	WHERE `due_date` = OLD.`due_date` AND OLD.`status` <> 'void' AND OLD.`total` > OLD.`amount_paid` + OLD.`credited_amount`;
	INSERT INTO `company_open_balances` (`company_id`, `outstanding`, `invoices`)
	SELECT coalesce(NEW.`company_id`, 0), NEW.`total` - NEW.`amount_paid` - NEW.`credited_amount`, 1
	WHERE NEW.`status` <> 'void' AND NEW.`total` > NEW.`amount_paid` + NEW.`credited_amount`
	ON CONFLICT (`company_id`) DO UPDATE SET `outstanding` = `outstanding` + excluded.`outstanding`, `invoices` = `invoices` + 1;
	INSERT INTO `open_invoice_due_totals` (`due_date`, `outstanding`, `invoices`)
	SELECT NEW.`due_date`, NEW.`total` - NEW.`amount_paid` - NEW.`credited_amount`, 1
	WHERE NEW.`status` <> 'void' AND NEW.`total` > NEW.`amount_paid` + NEW.`credited_amount`
	ON CONFLICT (`due_date`) DO UPDATE SET `outstanding` = `outstanding` + excluded.`outstanding`, `invoices` = `invoices` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `sales_invoices_open_balance_delete` AFTER DELETE ON `sales_invoices`
WHEN OLD.`status` <> 'void' AND OLD.`total` > OLD.`amount_paid` + OLD.`credited_amount` BEGIN
	UPDATE `company_open_balances` SET `outstanding` = `outstanding` - (OLD.`total` - OLD.`amount_paid` - OLD.`credited_amount`), `invoices` = `invoices` - 1
	WHERE `company_id` = coalesce(OLD.`company_id`, 0);
	UPDATE `open_invoice_due_totals` SET `outstanding` = `outstanding` - (OLD.`total` - OLD.`amount_paid` - OLD.`credited_amount`), `invoices` = `invoices` - 1
	WHERE `due_date` = OLD.`due_date`;
END;
