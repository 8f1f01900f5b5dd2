ALTER TABLE `users` ADD `staff_role` text;--> statement-breakpoint
-- Every back-office user before staff roles could use everything: each stays a full admin. Customers and
-- suppliers have no staff role.
UPDATE `users` SET `staff_role` = 'admin' WHERE `role` = 'admin';
