ALTER TABLE `returns` ADD `return_number` text(50);--> statement-breakpoint
ALTER TABLE `returns` ADD `replacement_order_id` integer REFERENCES orders(id);--> statement-breakpoint
CREATE UNIQUE INDEX `returns_return_number_unique` ON `returns` (`return_number`);--> statement-breakpoint
UPDATE `returns` SET `return_number` = 'RMA-' || printf('%06d', `id`) WHERE `return_number` IS NULL;--> statement-breakpoint
INSERT INTO `number_sequences` (`name`, `value`) SELECT 'return', coalesce(max(`id`), 0) FROM `returns` WHERE true ON CONFLICT(`name`) DO UPDATE SET `value` = max(`value`, excluded.`value`);