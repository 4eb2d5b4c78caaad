CREATE TABLE "highlight" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"book_id" uuid,
	"chapter_id" uuid,
	"post_id" uuid,
	"exact" text NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"suffix" text DEFAULT '' NOT NULL,
	"start" integer NOT NULL,
	"end" integer NOT NULL,
	"colour" text DEFAULT 'yellow' NOT NULL,
	"note" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, exact || ' ' || coalesce(note, ''))) STORED NOT NULL,
	CONSTRAINT "highlight_target_check" CHECK (("highlight"."post_id" is not null and "highlight"."book_id" is null and "highlight"."chapter_id" is null)
        or ("highlight"."post_id" is null and "highlight"."book_id" is not null and "highlight"."chapter_id" is not null)),
	CONSTRAINT "highlight_selectors_check" CHECK ("highlight"."start" >= 0 and "highlight"."end" > "highlight"."start" and char_length("highlight"."exact") between 1 and 5000
        and char_length("highlight"."prefix") <= 32 and char_length("highlight"."suffix") <= 32),
	CONSTRAINT "highlight_colour_check" CHECK ("highlight"."colour" in ('yellow', 'green', 'blue', 'pink')),
	CONSTRAINT "highlight_note_check" CHECK (char_length("highlight"."note") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "highlight" ADD CONSTRAINT "highlight_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "highlight" ADD CONSTRAINT "highlight_book_id_book_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."book"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "highlight" ADD CONSTRAINT "highlight_chapter_id_book_chapter_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."book_chapter"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "highlight" ADD CONSTRAINT "highlight_post_id_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "highlight_user_created_idx" ON "highlight" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "highlight_user_post_idx" ON "highlight" USING btree ("user_id","post_id");--> statement-breakpoint
CREATE INDEX "highlight_user_chapter_idx" ON "highlight" USING btree ("user_id","chapter_id");--> statement-breakpoint
CREATE INDEX "highlight_post_idx" ON "highlight" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "highlight_book_idx" ON "highlight" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "highlight_chapter_idx" ON "highlight" USING btree ("chapter_id");--> statement-breakpoint
CREATE INDEX "highlight_search_idx" ON "highlight" USING gin ("search_vector");