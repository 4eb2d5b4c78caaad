CREATE INDEX "order_created_idx" ON "order" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "order_status_created_idx" ON "order" USING btree ("status","created_at","id");