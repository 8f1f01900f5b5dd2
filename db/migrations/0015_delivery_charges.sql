ALTER TABLE `orders` ADD `delivery_charge_pence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_vat_pence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `delivery_charge_pence` integer;--> statement-breakpoint
-- Delivery charges have their own income account, so the books show them apart from goods sold
-- (app/domain/ledger/chart.ts lists the same). An install that already numbered an account 4020 keeps it.
INSERT OR IGNORE INTO `ledger_accounts` (`code`, `name`, `type`, `is_system`) VALUES ('4020', 'Delivery charges', 'income', 1);
