CREATE TABLE "report" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" text,
	"resolved_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_reporter_target_unique" UNIQUE("reporter_id","target_type","target_id")
);
--> statement-breakpoint
-- Full-text search over a post: title (A) > tags and excerpt (B) > body text (C). Declared immutable
-- so a generated column can use it (array_to_string is only "stable" because of other types' output
-- functions; on text[] it is immutable).
CREATE FUNCTION post_search_vector(title text, tags text[], excerpt text, body_html text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(array_to_string(tags, ' '), '')), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(excerpt, '')), 'B')
      || setweight(to_tsvector('english'::regconfig, regexp_replace(coalesce(body_html, ''), '<[^>]*>', ' ', 'g')), 'C')
$$;--> statement-breakpoint
ALTER TABLE "post" ADD COLUMN "featured_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "post" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "post" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "post" ADD COLUMN "view_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "post" ADD COLUMN "score" integer GENERATED ALWAYS AS (like_count * 5 + comment_count * 3 + view_count) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "post" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (post_search_vector(title, tags, excerpt, body_html)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "subject" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_status_created_idx" ON "report" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "report_target_idx" ON "report" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "post_category_published_idx" ON "post" USING btree ("category","status","published_at","id");--> statement-breakpoint
CREATE INDEX "post_subject_published_idx" ON "post" USING btree ("subject_slug","status","published_at","id");--> statement-breakpoint
CREATE INDEX "post_author_published_idx" ON "post" USING btree ("author_id","status","published_at","id");--> statement-breakpoint
CREATE INDEX "post_status_score_idx" ON "post" USING btree ("status","score","id");--> statement-breakpoint
CREATE INDEX "post_category_score_idx" ON "post" USING btree ("category","status","score","id");--> statement-breakpoint
CREATE INDEX "post_featured_idx" ON "post" USING btree ("featured_at","id") WHERE featured_at is not null;--> statement-breakpoint
CREATE INDEX "post_tags_idx" ON "post" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "post_search_idx" ON "post" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "post_like_created_idx" ON "post_like" USING btree ("created_at","post_id");--> statement-breakpoint
CREATE INDEX "post_view_day_idx" ON "post_view" USING btree ("day","post_id");--> statement-breakpoint
-- The post's counters follow its likes, comments and views, whoever writes them.
CREATE FUNCTION post_count_reaction() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer;
  target uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    delta := 1;
    target := NEW.post_id;
  ELSE
    delta := -1;
    target := OLD.post_id;
  END IF;
  IF TG_TABLE_NAME = 'post_like' THEN
    UPDATE post SET like_count = like_count + delta WHERE id = target;
  ELSIF TG_TABLE_NAME = 'post_comment' THEN
    UPDATE post SET comment_count = comment_count + delta WHERE id = target;
  ELSE
    UPDATE post SET view_count = view_count + delta WHERE id = target;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER post_like_count AFTER INSERT OR DELETE ON post_like FOR EACH ROW EXECUTE FUNCTION post_count_reaction();--> statement-breakpoint
CREATE TRIGGER post_comment_count AFTER INSERT OR DELETE ON post_comment FOR EACH ROW EXECUTE FUNCTION post_count_reaction();--> statement-breakpoint
CREATE TRIGGER post_view_count AFTER INSERT OR DELETE ON post_view FOR EACH ROW EXECUTE FUNCTION post_count_reaction();--> statement-breakpoint
UPDATE post SET
  like_count = (SELECT count(*) FROM post_like WHERE post_like.post_id = post.id),
  comment_count = (SELECT count(*) FROM post_comment WHERE post_comment.post_id = post.id),
  view_count = (SELECT count(*) FROM post_view WHERE post_view.post_id = post.id);
--> statement-breakpoint
-- What each seeded subject's hub and forum say about it (admins edit these afterwards).
UPDATE subject SET description = d.description FROM (VALUES
  ('mathematics', 'Numbers, shapes, proofs and the problems that make them click.'),
  ('physics', 'How the universe moves, from falling apples to quantum fields.'),
  ('chemistry', 'Atoms, reactions and the substances everything is made of.'),
  ('biology', 'Living things: cells, bodies, ecosystems and evolution.'),
  ('english', 'Grammar, writing and the craft of clear English.'),
  ('literature', 'Reading closely: novels, poems and plays, and what they mean.'),
  ('history', 'What happened, why it happened and how we know.'),
  ('geography', 'Places, people and the planet they share.'),
  ('economics', 'Choices, markets and money, from households to nations.'),
  ('computer-science', 'Algorithms, programming and how computers think.'),
  ('fiction', 'Stories imagined: talk craft, characters and what you are reading.'),
  ('true-stories', 'Lives and events told as they happened.'),
  ('general', 'Everything else about reading, writing and learning on Inkwell.')
) AS d(slug, description) WHERE subject.slug = d.slug AND subject.description = '';
