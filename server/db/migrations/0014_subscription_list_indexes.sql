DROP INDEX "subscription_writer_idx";--> statement-breakpoint
DROP INDEX "subscription_subscriber_idx";--> statement-breakpoint
CREATE INDEX "subscription_writer_live_idx" ON "subscription" USING btree ("writer_id","created_at","id") WHERE "subscription"."status" <> 'ended';--> statement-breakpoint
CREATE INDEX "subscription_subscriber_live_idx" ON "subscription" USING btree ("subscriber_id","created_at","id") WHERE "subscription"."status" <> 'ended';--> statement-breakpoint
CREATE INDEX "subscription_period_end_idx" ON "subscription" USING btree ("current_period_end") WHERE "subscription"."kind" = 'paid' and "subscription"."status" <> 'ended';