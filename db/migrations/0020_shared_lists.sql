ALTER TABLE `order_templates` ADD `updated_at` integer;--> statement-breakpoint
-- a template made before shared lists was last changed when it was made
UPDATE `order_templates` SET `updated_at` = `created_at` WHERE `updated_at` IS NULL;
