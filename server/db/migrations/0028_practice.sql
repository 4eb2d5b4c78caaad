CREATE TABLE "practice_card" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"source" text NOT NULL,
	"exam_id" uuid,
	"question_id" uuid,
	"question" jsonb,
	"flashcard_id" uuid,
	"due" timestamp (3) with time zone NOT NULL,
	"stability" real DEFAULT 0 NOT NULL,
	"difficulty" real DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 0 NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"reps" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"last_review" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_card_source_check" CHECK (("practice_card"."source" = 'exam_question' and "practice_card"."exam_id" is not null and "practice_card"."question_id" is not null and "practice_card"."question" is not null and "practice_card"."flashcard_id" is null)
        or ("practice_card"."source" = 'flashcard' and "practice_card"."flashcard_id" is not null and "practice_card"."question_id" is null)),
	CONSTRAINT "practice_card_state_check" CHECK ("practice_card"."state" between 0 and 3)
);
--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "practice_retention" double precision DEFAULT 0.9 NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_card" ADD CONSTRAINT "practice_card_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_card" ADD CONSTRAINT "practice_card_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_card_user_due_idx" ON "practice_card" USING btree ("user_id","due","id");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_card_user_question_unique" ON "practice_card" USING btree ("user_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_card_user_flashcard_unique" ON "practice_card" USING btree ("user_id","flashcard_id");--> statement-breakpoint
CREATE INDEX "practice_card_exam_idx" ON "practice_card" USING btree ("exam_id");--> statement-breakpoint
ALTER TABLE "profile" ADD CONSTRAINT "profile_practice_retention_check" CHECK ("profile"."practice_retention" between 0.7 and 0.97);