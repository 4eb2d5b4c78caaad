CREATE TABLE "book" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover_image" text,
	"category" text NOT NULL,
	"subject_slug" text,
	"language" text DEFAULT 'en' NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"preview_chapters" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"rejection_reason" text,
	"chapter_count" integer DEFAULT 0 NOT NULL,
	"word_count" integer DEFAULT 0 NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp (3) with time zone,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, subtitle || ' ' || description), 'B')) STORED NOT NULL,
	CONSTRAINT "book_price_check" CHECK ("book"."price" = 0 or "book"."price" between 99 and 99999),
	CONSTRAINT "book_preview_check" CHECK ("book"."preview_chapters" >= 0),
	CONSTRAINT "book_sales_check" CHECK ("book"."sales_count" >= 0),
	CONSTRAINT "book_status_check" CHECK ("book"."status" in ('draft', 'pending', 'published', 'rejected')),
	CONSTRAINT "book_category_check" CHECK ("book"."category" in ('academic', 'fiction', 'true-story'))
);
--> statement-breakpoint
CREATE TABLE "book_chapter" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"book_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"word_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "book_chapter_position_unique" UNIQUE("book_id","position")
);
--> statement-breakpoint
CREATE TABLE "book_ownership" (
	"book_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"order_id" uuid,
	"acquired_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "book_ownership_pk" PRIMARY KEY("book_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reading_position" (
	"user_id" text NOT NULL,
	"book_id" uuid NOT NULL,
	"chapter_id" uuid,
	"progress" real DEFAULT 0 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_position_pk" PRIMARY KEY("user_id","book_id"),
	CONSTRAINT "reading_position_progress_check" CHECK ("reading_position"."progress" >= 0 and "reading_position"."progress" <= 1)
);
--> statement-breakpoint
ALTER TABLE "order" DROP CONSTRAINT "order_item_kind_check";--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "seller_id" text;--> statement-breakpoint
ALTER TABLE "book" ADD CONSTRAINT "book_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book" ADD CONSTRAINT "book_subject_slug_subject_slug_fk" FOREIGN KEY ("subject_slug") REFERENCES "public"."subject"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_chapter" ADD CONSTRAINT "book_chapter_book_id_book_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."book"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_ownership" ADD CONSTRAINT "book_ownership_book_id_book_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."book"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_ownership" ADD CONSTRAINT "book_ownership_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_ownership" ADD CONSTRAINT "book_ownership_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_position" ADD CONSTRAINT "reading_position_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_position" ADD CONSTRAINT "reading_position_book_id_book_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."book"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_position" ADD CONSTRAINT "reading_position_chapter_id_book_chapter_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."book_chapter"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_author_updated_idx" ON "book" USING btree ("author_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "book_status_updated_idx" ON "book" USING btree ("status","updated_at","id");--> statement-breakpoint
CREATE INDEX "book_status_published_idx" ON "book" USING btree ("status","published_at","id");--> statement-breakpoint
CREATE INDEX "book_status_sales_idx" ON "book" USING btree ("status","sales_count","id");--> statement-breakpoint
CREATE INDEX "book_status_price_idx" ON "book" USING btree ("status","price","id");--> statement-breakpoint
CREATE INDEX "book_category_published_idx" ON "book" USING btree ("category","status","published_at","id");--> statement-breakpoint
CREATE INDEX "book_subject_published_idx" ON "book" USING btree ("subject_slug","status","published_at","id");--> statement-breakpoint
CREATE INDEX "book_author_published_idx" ON "book" USING btree ("author_id","status","published_at","id");--> statement-breakpoint
CREATE INDEX "book_search_idx" ON "book" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "book_ownership_user_idx" ON "book_ownership" USING btree ("user_id","acquired_at","book_id");--> statement-breakpoint
CREATE INDEX "book_ownership_order_idx" ON "book_ownership" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_item_kind_check" CHECK ("order"."item_kind" in ('subscription', 'book'));--> statement-breakpoint
UPDATE "order" SET "seller_id" = "item_id" WHERE "item_kind" = 'subscription';
