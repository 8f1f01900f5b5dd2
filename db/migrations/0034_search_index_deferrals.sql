-- A product import indexes each batch's new and changed products for catalogue search in one statement, rather
-- than through the triggers of 0010 product by product: each product's statement flushed the index's pending
-- terms to disk as a segment of its own and merged those segments over and over, which was half of a large
-- import's time (decision 0087). While search_index_deferrals holds a row, the triggers below leave the index
-- alone; the import writes that row and deletes it inside each batch's write transaction, so no other writer
-- ever sees it, and it indexes the batch's products itself before that transaction commits.
CREATE TABLE `search_index_deferrals` (
	`id` integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP TRIGGER `products_search_insert`;
--> statement-breakpoint
CREATE TRIGGER `products_search_insert` AFTER INSERT ON `products`
WHEN NOT EXISTS (SELECT 1 FROM `search_index_deferrals`) BEGIN
  INSERT INTO `products_search`(rowid, `name`, `description`, `sku`) VALUES (new.`id`, new.`name`, new.`description`, new.`sku`);
END;
--> statement-breakpoint
DROP TRIGGER `products_search_update`;
--> statement-breakpoint
CREATE TRIGGER `products_search_update` AFTER UPDATE OF `id`, `name`, `description`, `sku` ON `products`
WHEN (old.`id` IS NOT new.`id` OR old.`name` IS NOT new.`name` OR old.`description` IS NOT new.`description` OR old.`sku` IS NOT new.`sku`)
AND NOT EXISTS (SELECT 1 FROM `search_index_deferrals`) BEGIN
  INSERT INTO `products_search`(`products_search`, rowid, `name`, `description`, `sku`) VALUES ('delete', old.`id`, old.`name`, old.`description`, old.`sku`);
  INSERT INTO `products_search`(rowid, `name`, `description`, `sku`) VALUES (new.`id`, new.`name`, new.`description`, new.`sku`);
END;
