CREATE TABLE `sign_up_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bucket` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sign_up_attempts_bucket_idx` ON `sign_up_attempts` (`bucket`,`at`);--> statement-breakpoint
ALTER TABLE `users` ADD `sign_up_held_at` integer;