-- Forum search: a thread's title (A) and opening post (B), a reply's body (B), tags stripped.
CREATE FUNCTION forum_search_vector(title text, body_html text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, regexp_replace(coalesce(body_html, ''), '<[^>]*>', ' ', 'g')), 'B')
$$;--> statement-breakpoint
CREATE TABLE "forum_reply" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"position" integer NOT NULL,
	"body_html" text NOT NULL,
	"quoted_reply_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp (3) with time zone,
	"deleted_at" timestamp (3) with time zone,
	"search_vector" "tsvector" GENERATED ALWAYS AS (forum_search_vector('', body_html)) STORED NOT NULL,
	CONSTRAINT "forum_reply_thread_position_unique" UNIQUE("thread_id","position")
);
--> statement-breakpoint
CREATE TABLE "forum_stats" (
	"subject_slug" text PRIMARY KEY NOT NULL,
	"thread_count" integer DEFAULT 0 NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_thread" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_slug" text NOT NULL,
	"author_id" text NOT NULL,
	"title" text NOT NULL,
	"body_html" text NOT NULL,
	"pinned_at" timestamp (3) with time zone,
	"locked_at" timestamp (3) with time zone,
	"accepted_reply_id" uuid,
	"reply_seq" integer DEFAULT 0 NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"last_activity_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_reply_author_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp (3) with time zone,
	"search_vector" "tsvector" GENERATED ALWAYS AS (forum_search_vector(title, body_html)) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_thread_reader" (
	"thread_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"last_seen_seq" integer DEFAULT 0 NOT NULL,
	"watching" boolean,
	CONSTRAINT "forum_thread_reader_pk" PRIMARY KEY("thread_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "forum_reply" ADD CONSTRAINT "forum_reply_thread_id_forum_thread_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."forum_thread"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reply" ADD CONSTRAINT "forum_reply_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reply" ADD CONSTRAINT "forum_reply_quoted_reply_id_forum_reply_id_fk" FOREIGN KEY ("quoted_reply_id") REFERENCES "public"."forum_reply"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_stats" ADD CONSTRAINT "forum_stats_subject_slug_subject_slug_fk" FOREIGN KEY ("subject_slug") REFERENCES "public"."subject"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_thread" ADD CONSTRAINT "forum_thread_subject_slug_subject_slug_fk" FOREIGN KEY ("subject_slug") REFERENCES "public"."subject"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_thread" ADD CONSTRAINT "forum_thread_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_thread" ADD CONSTRAINT "forum_thread_accepted_reply_id_forum_reply_id_fk" FOREIGN KEY ("accepted_reply_id") REFERENCES "public"."forum_reply"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_thread" ADD CONSTRAINT "forum_thread_last_reply_author_id_user_id_fk" FOREIGN KEY ("last_reply_author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_thread_reader" ADD CONSTRAINT "forum_thread_reader_thread_id_forum_thread_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."forum_thread"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_thread_reader" ADD CONSTRAINT "forum_thread_reader_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_reply_author_idx" ON "forum_reply" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "forum_reply_search_idx" ON "forum_reply" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "forum_thread_subject_activity_idx" ON "forum_thread" USING btree ("subject_slug","last_activity_at","id");--> statement-breakpoint
CREATE INDEX "forum_thread_pinned_idx" ON "forum_thread" USING btree ("subject_slug","pinned_at","id") WHERE pinned_at is not null;--> statement-breakpoint
CREATE INDEX "forum_thread_author_idx" ON "forum_thread" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "forum_thread_search_idx" ON "forum_thread" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "forum_thread_reader_user_idx" ON "forum_thread_reader" USING btree ("user_id");--> statement-breakpoint
-- A thread's reply_count follows its replies that are not deleted, whoever writes them (a
-- deleted account's replies go by cascade).
CREATE FUNCTION forum_count_reply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.deleted_at IS NULL THEN delta := 1; END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.deleted_at IS NULL THEN delta := -1; END IF;
  ELSIF OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL THEN
    delta := -1;
  ELSIF OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL THEN
    delta := 1;
  END IF;
  IF delta <> 0 THEN
    UPDATE forum_thread SET reply_count = reply_count + delta
    WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.thread_id ELSE NEW.thread_id END;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER forum_reply_count AFTER INSERT OR DELETE OR UPDATE OF deleted_at ON forum_reply FOR EACH ROW EXECUTE FUNCTION forum_count_reply();--> statement-breakpoint
-- Each forum's counts follow its threads: created, deleted, moved, or their reply counts changing.
CREATE FUNCTION forum_count_thread() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.subject_slug = OLD.subject_slug THEN
    UPDATE forum_stats SET reply_count = reply_count + NEW.reply_count - OLD.reply_count
    WHERE subject_slug = NEW.subject_slug;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE forum_stats SET thread_count = thread_count - 1, reply_count = reply_count - OLD.reply_count
    WHERE subject_slug = OLD.subject_slug;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO forum_stats (subject_slug, thread_count, reply_count) VALUES (NEW.subject_slug, 1, NEW.reply_count)
    ON CONFLICT (subject_slug) DO UPDATE SET
      thread_count = forum_stats.thread_count + 1,
      reply_count = forum_stats.reply_count + excluded.reply_count;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER forum_thread_count AFTER INSERT OR DELETE OR UPDATE OF subject_slug, reply_count ON forum_thread FOR EACH ROW EXECUTE FUNCTION forum_count_thread();
