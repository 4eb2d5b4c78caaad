ALTER TABLE "notification" ADD COLUMN "group_key" text;--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "group_since" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "actor_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_writer_group_idx" ON "notification" USING btree ("writer_id","group_key");--> statement-breakpoint
CREATE INDEX "notification_actor_ids_idx" ON "notification" USING gin ("actor_ids") WHERE group_key is not null;