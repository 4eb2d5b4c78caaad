CREATE TABLE "item_stat_day" (
	"writer_id" text NOT NULL,
	"day" date NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"revenue" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"passes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "item_stat_day_pk" PRIMARY KEY("writer_id","day","item_kind","item_id"),
	CONSTRAINT "item_stat_day_kind_check" CHECK ("item_stat_day"."item_kind" in ('post', 'book', 'exam'))
);
--> statement-breakpoint
CREATE TABLE "stat_rollup" (
	"name" text PRIMARY KEY NOT NULL,
	"rolled_through" date NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "writer_stat_day" (
	"writer_id" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"free_subscribers" integer DEFAULT 0 NOT NULL,
	"paid_subscribers" integer DEFAULT 0 NOT NULL,
	"book_sales" integer DEFAULT 0 NOT NULL,
	"book_revenue" integer DEFAULT 0 NOT NULL,
	"exam_attempts" integer DEFAULT 0 NOT NULL,
	"exam_passes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "writer_stat_day_pk" PRIMARY KEY("writer_id","day")
);
--> statement-breakpoint
ALTER TABLE "item_stat_day" ADD CONSTRAINT "item_stat_day_writer_id_user_id_fk" FOREIGN KEY ("writer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "writer_stat_day" ADD CONSTRAINT "writer_stat_day_writer_id_user_id_fk" FOREIGN KEY ("writer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_attempt_submitted_idx" ON "exam_attempt" USING btree ("submitted_at") WHERE submitted_at is not null;--> statement-breakpoint
CREATE INDEX "subscription_created_idx" ON "subscription" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "post_comment_created_idx" ON "post_comment" USING btree ("created_at");