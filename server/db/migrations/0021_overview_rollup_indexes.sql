CREATE INDEX "item_stat_day_writer_kind_day_idx" ON "item_stat_day" USING btree ("writer_id","item_kind","day");--> statement-breakpoint
CREATE INDEX "item_stat_day_day_idx" ON "item_stat_day" USING btree ("day");--> statement-breakpoint
CREATE INDEX "writer_stat_day_day_idx" ON "writer_stat_day" USING btree ("day");