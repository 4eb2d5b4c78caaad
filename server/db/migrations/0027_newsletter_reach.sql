CREATE TABLE "newsletter_contact" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"writer_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirm_sent_at" timestamp (3) with time zone,
	"confirmed_at" timestamp (3) with time zone,
	"unsubscribed_at" timestamp (3) with time zone,
	"bounce_reason" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_contact_writer_email_unique" UNIQUE("writer_id","email"),
	CONSTRAINT "newsletter_contact_status_check" CHECK ("newsletter_contact"."status" in ('pending', 'confirmed', 'unsubscribed', 'bounced'))
);
--> statement-breakpoint
ALTER TABLE "newsletter_delivery" ALTER COLUMN "post_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_delivery" ALTER COLUMN "recipient_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "newsletter_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "book_chapter" ADD COLUMN "announced_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_delivery" ADD COLUMN "chapter_id" uuid;--> statement-breakpoint
ALTER TABLE "newsletter_delivery" ADD COLUMN "digest_week" date;--> statement-breakpoint
ALTER TABLE "newsletter_delivery" ADD COLUMN "contact_id" uuid;--> statement-breakpoint
ALTER TABLE "newsletter_contact" ADD CONSTRAINT "newsletter_contact_writer_id_user_id_fk" FOREIGN KEY ("writer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_contact_writer_created_idx" ON "newsletter_contact" USING btree ("writer_id","created_at","id");--> statement-breakpoint
ALTER TABLE "newsletter_delivery" ADD CONSTRAINT "newsletter_delivery_chapter_id_book_chapter_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."book_chapter"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_delivery" ADD CONSTRAINT "newsletter_delivery_contact_id_newsletter_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."newsletter_contact"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_delivery_queued_idx" ON "newsletter_delivery" USING btree ("created_at","id") WHERE "newsletter_delivery"."status" = 'queued';--> statement-breakpoint
ALTER TABLE "newsletter_delivery" ADD CONSTRAINT "newsletter_delivery_post_contact_unique" UNIQUE("post_id","contact_id");--> statement-breakpoint
ALTER TABLE "newsletter_delivery" ADD CONSTRAINT "newsletter_delivery_chapter_recipient_unique" UNIQUE("chapter_id","recipient_id");--> statement-breakpoint
ALTER TABLE "newsletter_delivery" ADD CONSTRAINT "newsletter_delivery_digest_recipient_unique" UNIQUE("digest_week","recipient_id");--> statement-breakpoint
ALTER TABLE "newsletter_delivery" ADD CONSTRAINT "newsletter_delivery_source_check" CHECK (num_nonnulls("newsletter_delivery"."post_id", "newsletter_delivery"."chapter_id", "newsletter_delivery"."digest_week") = 1);--> statement-breakpoint
ALTER TABLE "newsletter_delivery" ADD CONSTRAINT "newsletter_delivery_recipient_check" CHECK (num_nonnulls("newsletter_delivery"."recipient_id", "newsletter_delivery"."contact_id") = 1);--> statement-breakpoint
-- Chapters written before this are not announced when they are next edited.
UPDATE "book_chapter" SET "announced_at" = "created_at";
