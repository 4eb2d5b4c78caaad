ALTER TABLE "exam" ADD COLUMN "review_correctness" text DEFAULT 'after_last_attempt' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam" ADD COLUMN "review_answers" text DEFAULT 'after_last_attempt' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam" ADD COLUMN "review_explanations" text DEFAULT 'after_last_attempt' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam" ADD CONSTRAINT "exam_review_correctness_timing" CHECK ("exam"."review_correctness" in ('after_each_attempt', 'after_last_attempt', 'never'));--> statement-breakpoint
ALTER TABLE "exam" ADD CONSTRAINT "exam_review_answers_timing" CHECK ("exam"."review_answers" in ('after_each_attempt', 'after_last_attempt', 'never'));--> statement-breakpoint
ALTER TABLE "exam" ADD CONSTRAINT "exam_review_explanations_timing" CHECK ("exam"."review_explanations" in ('after_each_attempt', 'after_last_attempt', 'never'));