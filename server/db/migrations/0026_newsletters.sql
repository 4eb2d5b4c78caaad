CREATE TABLE "newsletter_delivery" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"recipient_id" text NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp (3) with time zone,
	"unsubscribed_at" timestamp (3) with time zone,
	CONSTRAINT "newsletter_delivery_post_recipient_unique" UNIQUE("post_id","recipient_id"),
	CONSTRAINT "newsletter_delivery_kind_check" CHECK ("newsletter_delivery"."kind" in ('full', 'excerpt')),
	CONSTRAINT "newsletter_delivery_status_check" CHECK ("newsletter_delivery"."status" in ('queued', 'sent', 'failed', 'bounced'))
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "newsletters" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "email_bounced_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "email_bounce_reason" text;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "email_new_posts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "post" ADD COLUMN "email_subscribers" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "post" ADD COLUMN "newsletter_queued_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_delivery" ADD CONSTRAINT "newsletter_delivery_post_id_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_delivery" ADD CONSTRAINT "newsletter_delivery_recipient_id_user_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_delivery_post_status_idx" ON "newsletter_delivery" USING btree ("post_id","status","id");--> statement-breakpoint
-- Posts published before newsletters existed are not mailed when an edit is approved again.
UPDATE "post" SET "newsletter_queued_at" = "published_at" WHERE "published_at" IS NOT NULL;
