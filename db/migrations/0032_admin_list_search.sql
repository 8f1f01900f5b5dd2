-- The back office's order list by total (high to low read backwards; low to high sorts only the ties of a
-- total) and by status (A to Z, newest first within each), and its user and quote lists newest first: the first
-- page read off these rather than a sort of every row (see docs/decisions/0086).
CREATE INDEX `orders_total_created_idx` ON `orders` (`total`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_status_newest_idx` ON `orders` (`status`,"created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX `quotes_created_idx` ON `quotes` (`created_at`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`);--> statement-breakpoint
-- The order list's search: a trigram full-text index of each order's own text (number, shipping email and name,
-- PO reference), so a search finds its orders through the index rather than by reading every order, as
-- products_search does for the catalogue (0010). It reads its text from orders (external content); the triggers
-- below keep it in step with every insert, edit and delete. Status, tracking and money changes leave it alone.
CREATE VIRTUAL TABLE `orders_search` USING fts5(`order_number`, `shipping_email`, `shipping_name`, `po_reference`, content='orders', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `orders_search`(`orders_search`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `orders_search_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO `orders_search`(rowid, `order_number`, `shipping_email`, `shipping_name`, `po_reference`)
  VALUES (new.`id`, new.`order_number`, new.`shipping_email`, new.`shipping_name`, new.`po_reference`);
END;
--> statement-breakpoint
CREATE TRIGGER `orders_search_delete` AFTER DELETE ON `orders` BEGIN
  INSERT INTO `orders_search`(`orders_search`, rowid, `order_number`, `shipping_email`, `shipping_name`, `po_reference`)
  VALUES ('delete', old.`id`, old.`order_number`, old.`shipping_email`, old.`shipping_name`, old.`po_reference`);
END;
--> statement-breakpoint
CREATE TRIGGER `orders_search_update` AFTER UPDATE OF `id`, `order_number`, `shipping_email`, `shipping_name`, `po_reference` ON `orders`
WHEN old.`id` IS NOT new.`id` OR old.`order_number` IS NOT new.`order_number` OR old.`shipping_email` IS NOT new.`shipping_email`
  OR old.`shipping_name` IS NOT new.`shipping_name` OR old.`po_reference` IS NOT new.`po_reference` BEGIN
  INSERT INTO `orders_search`(`orders_search`, rowid, `order_number`, `shipping_email`, `shipping_name`, `po_reference`)
  VALUES ('delete', old.`id`, old.`order_number`, old.`shipping_email`, old.`shipping_name`, old.`po_reference`);
  INSERT INTO `orders_search`(rowid, `order_number`, `shipping_email`, `shipping_name`, `po_reference`)
  VALUES (new.`id`, new.`order_number`, new.`shipping_email`, new.`shipping_name`, new.`po_reference`);
END;
