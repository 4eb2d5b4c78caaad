CREATE TABLE "exam" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" text NOT NULL,
	"subject_slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"duration_minutes" integer NOT NULL,
	"pass_mark" integer NOT NULL,
	"attempts_allowed" integer,
	"shuffle_questions" boolean DEFAULT false NOT NULL,
	"shuffle_options" boolean DEFAULT false NOT NULL,
	"draw_count" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"rejection_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"percent_sum" real DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp (3) with time zone,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, description), 'B')) STORED NOT NULL,
	CONSTRAINT "exam_duration_range" CHECK ("exam"."duration_minutes" between 1 and 300),
	CONSTRAINT "exam_pass_mark_range" CHECK ("exam"."pass_mark" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "exam_answer" (
	"attempt_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"value" jsonb,
	"flagged" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_answer_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "exam_attempt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"number" integer NOT NULL,
	"exam_version" integer NOT NULL,
	"questions" jsonb NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"deadline" timestamp (3) with time zone NOT NULL,
	"submitted_at" timestamp (3) with time zone,
	"auto_submitted" boolean DEFAULT false NOT NULL,
	"score" real,
	"max_score" real NOT NULL,
	"percent" real,
	"passed" boolean,
	"tab_switches" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_best" (
	"exam_id" uuid NOT NULL,
	"exam_version" integer NOT NULL,
	"user_id" text NOT NULL,
	"attempt_id" uuid NOT NULL,
	"score" real NOT NULL,
	"percent" real NOT NULL,
	"duration_ms" integer NOT NULL,
	"submitted_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "exam_best_pk" PRIMARY KEY("exam_id","exam_version","user_id")
);
--> statement-breakpoint
CREATE TABLE "exam_question" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"prompt" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"correct_option_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"accepted_answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"points" integer NOT NULL,
	"partial_credit" boolean DEFAULT false NOT NULL,
	"explanation" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam" ADD CONSTRAINT "exam_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam" ADD CONSTRAINT "exam_subject_slug_subject_slug_fk" FOREIGN KEY ("subject_slug") REFERENCES "public"."subject"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answer" ADD CONSTRAINT "exam_answer_attempt_id_exam_attempt_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempt"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempt" ADD CONSTRAINT "exam_attempt_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempt" ADD CONSTRAINT "exam_attempt_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_best" ADD CONSTRAINT "exam_best_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_best" ADD CONSTRAINT "exam_best_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_best" ADD CONSTRAINT "exam_best_attempt_id_exam_attempt_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempt"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_question" ADD CONSTRAINT "exam_question_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_search_idx" ON "exam" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "exam_status_published_idx" ON "exam" USING btree ("status","published_at","id");--> statement-breakpoint
CREATE INDEX "exam_subject_published_idx" ON "exam" USING btree ("subject_slug","status","published_at","id");--> statement-breakpoint
CREATE INDEX "exam_author_updated_idx" ON "exam" USING btree ("author_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "exam_status_updated_idx" ON "exam" USING btree ("status","updated_at","id");--> statement-breakpoint
CREATE INDEX "exam_attempt_user_exam_idx" ON "exam_attempt" USING btree ("user_id","exam_id","number");--> statement-breakpoint
CREATE INDEX "exam_attempt_exam_submitted_idx" ON "exam_attempt" USING btree ("exam_id","submitted_at","id");--> statement-breakpoint
CREATE INDEX "exam_attempt_open_deadline_idx" ON "exam_attempt" USING btree ("deadline") WHERE submitted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempt_user_number_unique" ON "exam_attempt" USING btree ("exam_id","user_id","number");--> statement-breakpoint
CREATE INDEX "exam_best_rank_idx" ON "exam_best" USING btree ("exam_id","exam_version",score DESC,"duration_ms","user_id");--> statement-breakpoint
CREATE INDEX "exam_question_exam_idx" ON "exam_question" USING btree ("exam_id","position");