DROP INDEX `order_items_order_idx`;--> statement-breakpoint
DROP INDEX `order_items_product_idx`;--> statement-breakpoint
CREATE INDEX `order_items_order_product_idx` ON `order_items` (`order_id`,`product_id`);--> statement-breakpoint
CREATE INDEX `order_items_product_order_idx` ON `order_items` (`product_id`,`order_id`);--> statement-breakpoint
CREATE INDEX `products_category_name_nocase_idx` ON `products` (`category_id`,"name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `products_vat_price_idx` ON `products` (`vat_rate`,`sales_price`);--> statement-breakpoint
CREATE INDEX `products_category_vat_price_idx` ON `products` (`category_id`,`vat_rate`,`sales_price`);--> statement-breakpoint
-- Catalogue search: a trigram full-text index of each product's name, description and code, so a word
-- typed anywhere in them is found through the index rather than by reading every product. It reads its
-- text from products (external content); the triggers below keep it in step with every insert, edit
-- and delete, whichever screen, import or script makes them. Stock and price changes, and an edit or an
-- import that leaves the text as it was, do not touch it.
CREATE VIRTUAL TABLE `products_search` USING fts5(`name`, `description`, `sku`, content='products', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `products_search`(`products_search`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `products_search_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO `products_search`(rowid, `name`, `description`, `sku`) VALUES (new.`id`, new.`name`, new.`description`, new.`sku`);
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_delete` AFTER DELETE ON `products` BEGIN
  INSERT INTO `products_search`(`products_search`, rowid, `name`, `description`, `sku`) VALUES ('delete', old.`id`, old.`name`, old.`description`, old.`sku`);
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_update` AFTER UPDATE OF `id`, `name`, `description`, `sku` ON `products`
WHEN old.`id` IS NOT new.`id` OR old.`name` IS NOT new.`name` OR old.`description` IS NOT new.`description` OR old.`sku` IS NOT new.`sku` BEGIN
  INSERT INTO `products_search`(`products_search`, rowid, `name`, `description`, `sku`) VALUES ('delete', old.`id`, old.`name`, old.`description`, old.`sku`);
  INSERT INTO `products_search`(rowid, `name`, `description`, `sku`) VALUES (new.`id`, new.`name`, new.`description`, new.`sku`);
END;
