-- Customers' orders (not cancelled) counted and summed per customer, per customer and month, and per month, for
-- Customer Insights: it summed every order ever placed on each view (2.25 s at a million orders). The triggers below
-- are the only writers, in the statement that changes the order.
--
-- A month is the UK calendar month of the order's created_at (ms). SQLite knows no time zones: the UK is an hour
-- ahead of UTC from the last Sunday of March to the last Sunday of October, so only an instant in the last UTC hour
-- of a month can be in the next UK month, and it is exactly when that month is March to September (British Summer
-- Time holds at the end of each of them and at the end of no other). A test checks this against the app's UK clock
-- around every month end of several years.
CREATE TABLE `customer_month_totals` (
	`user_id` text NOT NULL,
	`month` text NOT NULL,
	`orders` integer NOT NULL,
	`spent` integer NOT NULL,
	PRIMARY KEY(`user_id`, `month`)
);
--> statement-breakpoint
CREATE TABLE `customer_order_totals` (
	`user_id` text PRIMARY KEY NOT NULL,
	`orders` integer NOT NULL,
	`spent` integer NOT NULL,
	`first_order_at` integer,
	`last_order_at` integer
);
--> statement-breakpoint
CREATE TABLE `order_month_totals` (
	`month` text PRIMARY KEY NOT NULL,
	`orders` integer NOT NULL,
	`spent` integer NOT NULL,
	`customers` integer NOT NULL
);
--> statement-breakpoint
-- the orders already placed, summed once (data migration)
INSERT INTO `customer_order_totals` (`user_id`, `orders`, `spent`, `first_order_at`, `last_order_at`)
SELECT `user_id`, count(*), sum(`total`), min(`created_at`), max(`created_at`) FROM `orders`
WHERE `user_id` IS NOT NULL AND `status` <> 'cancelled' GROUP BY `user_id`;--> statement-breakpoint
INSERT INTO `customer_month_totals` (`user_id`, `month`, `orders`, `spent`)
SELECT `user_id`, strftime('%Y-%m', `created_at` / 1000 + CASE WHEN cast(strftime('%m', `created_at` / 1000, 'unixepoch') AS integer) BETWEEN 3 AND 9 THEN 3600 ELSE 0 END, 'unixepoch') AS `month`, count(*), sum(`total`) FROM `orders`
WHERE `user_id` IS NOT NULL AND `status` <> 'cancelled' GROUP BY `user_id`, `month`;--> statement-breakpoint
INSERT INTO `order_month_totals` (`month`, `orders`, `spent`, `customers`)
SELECT `month`, sum(`orders`), sum(`spent`), count(*) FROM `customer_month_totals` GROUP BY `month`;--> statement-breakpoint
CREATE TRIGGER `orders_customer_totals_insert` AFTER INSERT ON `orders` WHEN NEW.`user_id` IS NOT NULL AND NEW.`status` <> 'cancelled' BEGIN
	INSERT INTO `customer_order_totals` (`user_id`, `orders`, `spent`, `first_order_at`, `last_order_at`)
	SELECT NEW.`user_id`, 1, NEW.`total`, NEW.`created_at`, NEW.`created_at` WHERE 1
	ON CONFLICT (`user_id`) DO UPDATE SET `orders` = `orders` + 1, `spent` = `spent` + excluded.`spent`,
		`first_order_at` = min(coalesce(`first_order_at`, excluded.`first_order_at`), excluded.`first_order_at`),
		`last_order_at` = max(coalesce(`last_order_at`, excluded.`last_order_at`), excluded.`last_order_at`);
	INSERT INTO `customer_month_totals` (`user_id`, `month`, `orders`, `spent`)
	SELECT NEW.`user_id`, strftime('%Y-%m', NEW.`created_at` / 1000 + CASE WHEN cast(strftime('%m', NEW.`created_at` / 1000, 'unixepoch') AS integer) BETWEEN 3 AND 9 THEN 3600 ELSE 0 END, 'unixepoch'), 1, NEW.`total` WHERE 1
	ON CONFLICT (`user_id`, `month`) DO UPDATE SET `orders` = `orders` + 1, `spent` = `spent` + excluded.`spent`;
	-- the customer is new to the month when their month now holds this one order
	INSERT INTO `order_month_totals` (`month`, `orders`, `spent`, `customers`)
	SELECT strftime('%Y-%m', NEW.`created_at` / 1000 + CASE WHEN cast(strftime('%m', NEW.`created_at` / 1000, 'unixepoch') AS integer) BETWEEN 3 AND 9 THEN 3600 ELSE 0 END, 'unixepoch'), 1, NEW.`total`, 1 WHERE 1
	ON CONFLICT (`month`) DO UPDATE SET `orders` = `orders` + 1, `spent` = `spent` + excluded.`spent`,
		`customers` = `customers` + (SELECT `orders` = 1 FROM `customer_month_totals` WHERE `user_id` = NEW.`user_id` AND `month` = excluded.`month`);
END;--> statement-breakpoint
-- moving between statuses other than cancelled (processing, shipped, delivered…) leaves the totals alone; a
-- cancellation (or its undoing), a new total, customer or date takes the order out as it was and adds it as it is
CREATE TRIGGER `orders_customer_totals_update` AFTER UPDATE OF `status`, `user_id`, `total`, `created_at` ON `orders`
WHEN (OLD.`status` = 'cancelled') <> (NEW.`status` = 'cancelled') OR OLD.`user_id` IS NOT NEW.`user_id`
	OR OLD.`total` <> NEW.`total` OR OLD.`created_at` <> NEW.`created_at` BEGIN
	-- the first or last order taken away: the next one is found on the customer's orders (orders_user_created_totals_idx)
	UPDATE `customer_order_totals` SET `orders` = `orders` - 1, `spent` = `spent` - OLD.`total`,
		`first_order_at` = CASE WHEN `first_order_at` = OLD.`created_at` THEN (SELECT min(`created_at`) FROM `orders` WHERE `user_id` = OLD.`user_id` AND `status` <> 'cancelled') ELSE `first_order_at` END,
		`last_order_at` = CASE WHEN `last_order_at` = OLD.`created_at` THEN (SELECT max(`created_at`) FROM `orders` WHERE `user_id` = OLD.`user_id` AND `status` <> 'cancelled') ELSE `last_order_at` END
	WHERE `user_id` = OLD.`user_id` AND OLD.`status` <> 'cancelled';
	UPDATE `customer_month_totals` SET `orders` = `orders` - 1, `spent` = `spent` - OLD.`total`
	WHERE `user_id` = OLD.`user_id` AND `month` = strftime('%Y-%m', OLD.`created_at` / 1000 + CASE WHEN cast(strftime('%m', OLD.`created_at` / 1000, 'unixepoch') AS integer) BETWEEN 3 AND 9 THEN 3600 ELSE 0 END, 'unixepoch') AND OLD.`status` <> 'cancelled';
	-- the customer leaves the month when their month holds no order now
	UPDATE `order_month_totals` SET `orders` = `orders` - 1, `spent` = `spent` - OLD.`total`,
		`customers` = `customers` - (SELECT `orders` = 0 FROM `customer_month_totals` WHERE `user_id` = OLD.`user_id` AND `month` = strftime('%Y-%m', OLD.`created_at` / 1000 + CASE WHEN cast(strftime('%m', OLD.`created_at` / 1000, 'unixepoch') AS integer) BETWEEN 3 AND 9 THEN 3600 ELSE 0 END, 'unixepoch'))
	WHERE `month` = strftime('%Y-%m', OLD.`created_at` / 1000 + CASE WHEN cast(strftime('%m', OLD.`created_at` / 1000, 'unixepoch') AS integer) BETWEEN 3 AND 9 THEN 3600 ELSE 0 END, 'unixepoch') AND OLD.`status` <> 'cancelled';
	INSERT INTO `customer_order_totals` (`user_id`, `orders`, `spent`, `first_order_at`, `last_order_at`)
	SELECT NEW.`user_id`, 1, NEW.`total`, NEW.`created_at`, NEW.`created_at` WHERE NEW.`user_id` IS NOT NULL AND NEW.`status` <> 'cancelled'
	ON CONFLICT (`user_id`) DO UPDATE SET `orders` = `orders` + 1, `spent` = `spent` + excluded.`spent`,
		`first_order_at` = min(coalesce(`first_order_at`, excluded.`first_order_at`), excluded.`first_order_at`),
		`last_order_at` = max(coalesce(`last_order_at`, excluded.`last_order_at`), excluded.`last_order_at`);
	INSERT INTO `customer_month_totals` (`user_id`, `month`, `orders`, `spent`)
	SELECT NEW.`user_id`, strftime('%Y-%m', NEW.`created_at` / 1000 + CASE WHEN cast(strftime('%m', NEW.`created_at` / 1000, 'unixepoch') AS integer) BETWEEN 3 AND 9 THEN 3600 ELSE 0 END, 'unixepoch'), 1, NEW.`total` WHERE NEW.`user_id` IS NOT NULL AND NEW.`status` <> 'cancelled'
	ON CONFLICT (`user_id`, `month`) DO UPDATE SET `orders` = `orders` + 1, `spent` = `spent` + excluded.`spent`;
	-- the customer is new to the month when their month now holds this one order
	INSERT INTO `order_month_totals` (`month`, `orders`, `spent`, `customers`)
	SELECT strftime('%Y-%m', NEW.`created_at` / 1000 + CASE WHEN cast(strftime('%m', NEW.`created_at` / 1000, 'unixepoch') AS integer) BETWEEN 3 AND 9 THEN 3600 ELSE 0 END, 'unixepoch'), 1, NEW.`total`, 1 WHERE NEW.`user_id` IS NOT NULL AND NEW.`status` <> 'cancelled'
	ON CONFLICT (`month`) DO UPDATE SET `orders` = `orders` + 1, `spent` = `spent` + excluded.`spent`,
		`customers` = `customers` + (SELECT `orders` = 1 FROM `customer_month_totals` WHERE `user_id` = NEW.`user_id` AND `month` = excluded.`month`);
END;--> statement-breakpoint
CREATE TRIGGER `orders_customer_totals_delete` AFTER DELETE ON `orders` WHEN OLD.`user_id` IS NOT NULL AND OLD.`status` <> 'cancelled' BEGIN
	-- the first or last order taken away: the next one is found on the customer's orders (orders_user_created_totals_idx)
	UPDATE `customer_order_totals` SET `orders` = `orders` - 1, `spent` = `spent` - OLD.`total`,
		`first_order_at` = CASE WHEN `first_order_at` = OLD.`created_at` THEN (SELECT min(`created_at`) FROM `orders` WHERE `user_id` = OLD.`user_id` AND `status` <> 'cancelled') ELSE `first_order_at` END,
		`last_order_at` = CASE WHEN `last_order_at` = OLD.`created_at` THEN (SELECT max(`created_at`) FROM `orders` WHERE `user_id` = OLD.`user_id` AND `status` <> 'cancelled') ELSE `last_order_at` END
	WHERE `user_id` = OLD.`user_id`;
	UPDATE `customer_month_totals` SET `orders` = `orders` - 1, `spent` = `spent` - OLD.`total`
	WHERE `user_id` = OLD.`user_id` AND `month` = strftime('%Y-%m', OLD.`created_at` / 1000 + CASE WHEN cast(strftime('%m', OLD.`created_at` / 1000, 'unixepoch') AS integer) BETWEEN 3 AND 9 THEN 3600 ELSE 0 END, 'unixepoch');
	-- the customer leaves the month when their month holds no order now
	UPDATE `order_month_totals` SET `orders` = `orders` - 1, `spent` = `spent` - OLD.`total`,
		`customers` = `customers` - (SELECT `orders` = 0 FROM `customer_month_totals` WHERE `user_id` = OLD.`user_id` AND `month` = strftime('%Y-%m', OLD.`created_at` / 1000 + CASE WHEN cast(strftime('%m', OLD.`created_at` / 1000, 'unixepoch') AS integer) BETWEEN 3 AND 9 THEN 3600 ELSE 0 END, 'unixepoch'))
	WHERE `month` = strftime('%Y-%m', OLD.`created_at` / 1000 + CASE WHEN cast(strftime('%m', OLD.`created_at` / 1000, 'unixepoch') AS integer) BETWEEN 3 AND 9 THEN 3600 ELSE 0 END, 'unixepoch');
END;
