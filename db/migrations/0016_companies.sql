-- Companies: the customer account becomes a business with people in it (docs/decisions/0061-companies.md).
-- Every existing customer becomes the company admin of a company of one, made from their own row; everything the
-- account owns (prices, addresses, points, vouchers, templates, orders, returns, invoices, credit notes) is keyed
-- by that company. Nothing a buyer sees changes.
--
-- This runs inside the migrator's one transaction, where SQLite ignores PRAGMA foreign_keys: `users` is therefore
-- never rebuilt (dropping it would cascade into sessions, carts and every table that refers to users). Its plain
-- columns are dropped in place; `price_tier_id` carries a foreign key, which SQLite cannot drop without a rebuild,
-- so it stays, emptied and unread. The tables rebuilt here are referenced by no other table.
CREATE TABLE `companies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text(200) NOT NULL,
	`vat_number` text,
	`company_number` text(20),
	`address` text,
	`price_tier_id` integer,
	`requires_approval` integer DEFAULT false NOT NULL,
	`delivery_charge_pence` integer,
	`on_hold_at` integer,
	`hold_reason` text,
	`second_approval_above_pence` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`price_tier_id`) REFERENCES `price_tiers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `companies_name_idx` ON `companies` ("name" COLLATE NOCASE);--> statement-breakpoint
ALTER TABLE `users` ADD `company_id` integer REFERENCES companies(id);--> statement-breakpoint
ALTER TABLE `users` ADD `company_role` text;--> statement-breakpoint
ALTER TABLE `users` ADD `order_limit_pence` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `period_limit_pence` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `limit_period` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
CREATE INDEX `users_company_idx` ON `users` (`company_id`);--> statement-breakpoint
-- Which company each account-holding user's rows go to: every customer, and any other user who still holds
-- account rows from a time they were a customer (their rows keep a company; the user is not made a member).
CREATE TABLE `__company_of` (`user_id` text PRIMARY KEY NOT NULL, `company_id` integer NOT NULL);--> statement-breakpoint
INSERT INTO `__company_of` (`user_id`, `company_id`)
SELECT u.`id`, row_number() OVER (ORDER BY u.`created_at`, u.`id`)
FROM `users` u
WHERE u.`role` = 'customer'
  OR EXISTS (SELECT 1 FROM `customer_pricing` x WHERE x.`user_id` = u.`id`)
  OR EXISTS (SELECT 1 FROM `delivery_addresses` x WHERE x.`user_id` = u.`id`)
  OR EXISTS (SELECT 1 FROM `loyalty_transactions` x WHERE x.`user_id` = u.`id`)
  OR EXISTS (SELECT 1 FROM `vouchers` x WHERE x.`user_id` = u.`id`)
  OR EXISTS (SELECT 1 FROM `order_templates` x WHERE x.`user_id` = u.`id`)
  OR EXISTS (SELECT 1 FROM `orders` x WHERE x.`user_id` = u.`id`)
  OR EXISTS (SELECT 1 FROM `returns` x WHERE x.`user_id` = u.`id`)
  OR EXISTS (SELECT 1 FROM `sales_invoices` x WHERE x.`customer_id` = u.`id`);--> statement-breakpoint
-- The company takes the business name (else the person's name, else the email), VAT number, billing address,
-- price tier, the wholesaler's approval flag and the delivery charge from its person.
INSERT INTO `companies` (`id`, `name`, `vat_number`, `address`, `price_tier_id`, `requires_approval`, `delivery_charge_pence`, `created_at`, `updated_at`)
SELECT m.`company_id`,
  coalesce(nullif(trim(u.`business_name`), ''), nullif(trim(coalesce(u.`first_name`, '') || ' ' || coalesce(u.`last_name`, '')), ''), u.`email`),
  u.`vat_number`, u.`address`, u.`price_tier_id`, u.`requires_approval`, u.`delivery_charge_pence`, u.`created_at`, u.`updated_at`
FROM `__company_of` m JOIN `users` u ON u.`id` = m.`user_id`;--> statement-breakpoint
UPDATE `users` SET
  `company_id` = (SELECT m.`company_id` FROM `__company_of` m WHERE m.`user_id` = `users`.`id`),
  `company_role` = 'company_admin',
  `business_name` = NULL, `address` = NULL, `vat_number` = NULL
WHERE `role` = 'customer';--> statement-breakpoint
UPDATE `users` SET `price_tier_id` = NULL WHERE `price_tier_id` IS NOT NULL;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `requires_approval`;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `delivery_charge_pence`;--> statement-breakpoint
-- Customer prices: the company's, instead of the person's.
CREATE TABLE `__new_customer_pricing` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`custom_price` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_customer_pricing`("id", "company_id", "product_id", "custom_price", "created_at")
SELECT p."id", m."company_id", p."product_id", p."custom_price", p."created_at"
FROM `customer_pricing` p JOIN `__company_of` m ON m."user_id" = p."user_id";--> statement-breakpoint
DROP TABLE `customer_pricing`;--> statement-breakpoint
ALTER TABLE `__new_customer_pricing` RENAME TO `customer_pricing`;--> statement-breakpoint
CREATE UNIQUE INDEX `customer_pricing_company_product_unique` ON `customer_pricing` (`company_id`,`product_id`);--> statement-breakpoint
CREATE INDEX `customer_pricing_product_idx` ON `customer_pricing` (`product_id`);--> statement-breakpoint
-- Delivery addresses: the company's sites.
CREATE TABLE `__new_delivery_addresses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`label` text(60) NOT NULL,
	`name` text(200) NOT NULL,
	`address` text NOT NULL,
	`city` text(100) NOT NULL,
	`postcode` text(20) NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_delivery_addresses`("id", "company_id", "label", "name", "address", "city", "postcode", "is_default", "created_at")
SELECT a."id", m."company_id", a."label", a."name", a."address", a."city", a."postcode", a."is_default", a."created_at"
FROM `delivery_addresses` a JOIN `__company_of` m ON m."user_id" = a."user_id";--> statement-breakpoint
DROP TABLE `delivery_addresses`;--> statement-breakpoint
ALTER TABLE `__new_delivery_addresses` RENAME TO `delivery_addresses`;--> statement-breakpoint
CREATE INDEX `delivery_addresses_company_idx` ON `delivery_addresses` (`company_id`,`created_at`);--> statement-breakpoint
-- Points: the company's balance; the person who earned or spent them is kept (and outlives their removal).
CREATE TABLE `__new_loyalty_transactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text,
	`company_id` integer NOT NULL,
	`transaction_type` text NOT NULL,
	`points` integer NOT NULL,
	`order_id` integer,
	`reward_id` integer,
	`return_id` integer,
	`description` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reward_id`) REFERENCES `loyalty_rewards`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`return_id`) REFERENCES `returns`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_loyalty_transactions`("id", "user_id", "company_id", "transaction_type", "points", "order_id", "reward_id", "return_id", "description", "created_at")
SELECT t."id", t."user_id", m."company_id", t."transaction_type", t."points", t."order_id", t."reward_id", t."return_id", t."description", t."created_at"
FROM `loyalty_transactions` t JOIN `__company_of` m ON m."user_id" = t."user_id";--> statement-breakpoint
DROP TABLE `loyalty_transactions`;--> statement-breakpoint
ALTER TABLE `__new_loyalty_transactions` RENAME TO `loyalty_transactions`;--> statement-breakpoint
CREATE INDEX `loyalty_transactions_user_idx` ON `loyalty_transactions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `loyalty_transactions_company_idx` ON `loyalty_transactions` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `loyalty_transactions_order_idx` ON `loyalty_transactions` (`order_id`);--> statement-breakpoint
-- Vouchers: bought with the company's points, usable by any of its buyers.
CREATE TABLE `__new_vouchers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`user_id` text,
	`company_id` integer NOT NULL,
	`reward_id` integer,
	`reward_name` text NOT NULL,
	`reward_type` text NOT NULL,
	`reward_value` integer,
	`product_id` integer,
	`used_at` integer,
	`used_order_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reward_id`) REFERENCES `loyalty_rewards`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`used_order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_vouchers`("id", "code", "user_id", "company_id", "reward_id", "reward_name", "reward_type", "reward_value", "product_id", "used_at", "used_order_id", "created_at")
SELECT v."id", v."code", v."user_id", m."company_id", v."reward_id", v."reward_name", v."reward_type", v."reward_value", v."product_id", v."used_at", v."used_order_id", v."created_at"
FROM `vouchers` v JOIN `__company_of` m ON m."user_id" = v."user_id";--> statement-breakpoint
DROP TABLE `vouchers`;--> statement-breakpoint
ALTER TABLE `__new_vouchers` RENAME TO `vouchers`;--> statement-breakpoint
CREATE UNIQUE INDEX `vouchers_code_unique` ON `vouchers` (`code`);--> statement-breakpoint
CREATE INDEX `vouchers_user_idx` ON `vouchers` (`user_id`,`used_at`);--> statement-breakpoint
CREATE INDEX `vouchers_company_idx` ON `vouchers` (`company_id`,`used_at`);--> statement-breakpoint
-- Order templates: still made by a person, now also of a company (and shareable with it: not shared yet).
CREATE TABLE `__new_order_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`company_id` integer NOT NULL,
	`shared` integer DEFAULT false NOT NULL,
	`name` text(200) NOT NULL,
	`description` text,
	`items` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_order_templates`("id", "user_id", "company_id", "shared", "name", "description", "items", "created_at")
SELECT t."id", t."user_id", m."company_id", 0, t."name", t."description", t."items", t."created_at"
FROM `order_templates` t JOIN `__company_of` m ON m."user_id" = t."user_id";--> statement-breakpoint
DROP TABLE `order_templates`;--> statement-breakpoint
ALTER TABLE `__new_order_templates` RENAME TO `order_templates`;--> statement-breakpoint
CREATE INDEX `order_templates_user_idx` ON `order_templates` (`user_id`);--> statement-breakpoint
CREATE INDEX `order_templates_company_idx` ON `order_templates` (`company_id`,`shared`);--> statement-breakpoint
-- Orders (placed by a person, of a company), returns, invoices and credit notes gain their company.
ALTER TABLE `orders` ADD `company_id` integer REFERENCES companies(id);--> statement-breakpoint
CREATE INDEX `orders_company_created_totals_idx` ON `orders` (`company_id`,`created_at`,`status`,`total`);--> statement-breakpoint
UPDATE `orders` SET `company_id` = (SELECT m.`company_id` FROM `__company_of` m WHERE m.`user_id` = `orders`.`user_id`)
WHERE `user_id` IS NOT NULL;--> statement-breakpoint
ALTER TABLE `returns` ADD `company_id` integer REFERENCES companies(id);--> statement-breakpoint
CREATE INDEX `returns_company_idx` ON `returns` (`company_id`,`created_at`);--> statement-breakpoint
UPDATE `returns` SET `company_id` = coalesce(
  (SELECT o.`company_id` FROM `orders` o WHERE o.`id` = `returns`.`order_id`),
  (SELECT m.`company_id` FROM `__company_of` m WHERE m.`user_id` = `returns`.`user_id`));--> statement-breakpoint
ALTER TABLE `sales_invoices` ADD `company_id` integer REFERENCES companies(id);--> statement-breakpoint
CREATE INDEX `sales_invoices_company_idx` ON `sales_invoices` (`company_id`,`issue_date`);--> statement-breakpoint
UPDATE `sales_invoices` SET `company_id` = coalesce(
  (SELECT o.`company_id` FROM `orders` o WHERE o.`id` = `sales_invoices`.`order_id`),
  (SELECT m.`company_id` FROM `__company_of` m WHERE m.`user_id` = `sales_invoices`.`customer_id`));--> statement-breakpoint
ALTER TABLE `credit_notes` ADD `company_id` integer REFERENCES companies(id);--> statement-breakpoint
UPDATE `credit_notes` SET `company_id` = coalesce(
  (SELECT i.`company_id` FROM `sales_invoices` i WHERE i.`id` = `credit_notes`.`sales_invoice_id`),
  (SELECT r.`company_id` FROM `returns` r WHERE r.`id` = `credit_notes`.`return_id`),
  (SELECT m.`company_id` FROM `__company_of` m WHERE m.`user_id` = `credit_notes`.`customer_id`));--> statement-breakpoint
DROP TABLE `__company_of`;--> statement-breakpoint
-- From now on a document written without its company (a writer that names only the person) gets the one its
-- order or person belongs to, so no order, return, invoice or credit note of a customer is ever without one.
CREATE TRIGGER `orders_company_of_placer` AFTER INSERT ON `orders`
WHEN NEW.`company_id` IS NULL AND NEW.`user_id` IS NOT NULL BEGIN
  UPDATE `orders` SET `company_id` = (SELECT `company_id` FROM `users` WHERE `id` = NEW.`user_id`) WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `returns_company_of_order` AFTER INSERT ON `returns`
WHEN NEW.`company_id` IS NULL BEGIN
  UPDATE `returns` SET `company_id` = coalesce(
    (SELECT `company_id` FROM `orders` WHERE `id` = NEW.`order_id`),
    (SELECT `company_id` FROM `users` WHERE `id` = NEW.`user_id`)) WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `sales_invoices_company_of_order` AFTER INSERT ON `sales_invoices`
WHEN NEW.`company_id` IS NULL BEGIN
  UPDATE `sales_invoices` SET `company_id` = coalesce(
    (SELECT `company_id` FROM `orders` WHERE `id` = NEW.`order_id`),
    (SELECT `company_id` FROM `users` WHERE `id` = NEW.`customer_id`)) WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `credit_notes_company_of_invoice` AFTER INSERT ON `credit_notes`
WHEN NEW.`company_id` IS NULL BEGIN
  UPDATE `credit_notes` SET `company_id` = coalesce(
    (SELECT `company_id` FROM `sales_invoices` WHERE `id` = NEW.`sales_invoice_id`),
    (SELECT `company_id` FROM `returns` WHERE `id` = NEW.`return_id`),
    (SELECT `company_id` FROM `users` WHERE `id` = NEW.`customer_id`)) WHERE `id` = NEW.`id`;
END;
