DROP INDEX "user_created_idx";--> statement-breakpoint
DROP INDEX "contact_message_created_idx";--> statement-breakpoint
CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_message_created_idx" ON "contact_message" USING btree ("created_at","id");