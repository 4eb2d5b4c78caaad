CREATE TABLE "broadcast" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message" text NOT NULL,
	"link" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"recipients" bigint NOT NULL,
	"after_user_id" text,
	"delivered_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE INDEX "broadcast_undelivered_idx" ON "broadcast" USING btree ("created_at") WHERE delivered_at is null;