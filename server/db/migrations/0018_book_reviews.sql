CREATE TABLE "book_review" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"book_id" uuid NOT NULL,
	"reviewer_id" text NOT NULL,
	"stars" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "book_review_book_reviewer_unique" UNIQUE("book_id","reviewer_id"),
	CONSTRAINT "book_review_stars_check" CHECK ("book_review"."stars" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "book" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "book" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "book" ADD COLUMN "rating_avg" numeric(3, 2) GENERATED ALWAYS AS (case when rating_count = 0 then 0 else round(rating_sum::numeric / rating_count, 2) end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "book_review" ADD CONSTRAINT "book_review_book_id_book_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."book"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_review" ADD CONSTRAINT "book_review_reviewer_id_user_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_review_book_created_idx" ON "book_review" USING btree ("book_id","created_at","id");--> statement-breakpoint
CREATE INDEX "book_review_reviewer_idx" ON "book_review" USING btree ("reviewer_id");--> statement-breakpoint
ALTER TABLE "book" ADD CONSTRAINT "book_rating_check" CHECK ("book"."rating_count" >= 0 and "book"."rating_sum" between "book"."rating_count" and 5 * "book"."rating_count");--> statement-breakpoint
-- A book's rating follows its reviews, whoever writes them (a removed review, a deleted account's
-- reviews by cascade). Added and subtracted, never recounted: two reviews saved at once each move
-- the book row in turn, so neither is lost.
CREATE FUNCTION book_review_rating() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE book SET rating_count = rating_count - 1, rating_sum = rating_sum - OLD.stars WHERE id = OLD.book_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE book SET rating_count = rating_count + 1, rating_sum = rating_sum + NEW.stars WHERE id = NEW.book_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER book_review_rating AFTER INSERT OR DELETE OR UPDATE OF stars, book_id ON book_review
FOR EACH ROW EXECUTE FUNCTION book_review_rating();
