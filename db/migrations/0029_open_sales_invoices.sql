-- The sales invoices still owing, alone (a partial index: about a fifth of a large install's invoices). Aged debtors
-- and a company's credit position read what was owed at a day from these and the few paid or credited since, rather
-- than passing every invoice ever issued with two look-ups each (2.2 s for aged debtors at 300,000 invoices).
CREATE INDEX `sales_invoices_open_idx` ON `sales_invoices` (`company_id`,`issue_date`,`due_date`,`status`,`voided_at`,`invoice_number`,`customer_id`,`order_id`,`total`,`amount_paid`,`credited_amount`) WHERE `total` > `amount_paid` + `credited_amount`;
