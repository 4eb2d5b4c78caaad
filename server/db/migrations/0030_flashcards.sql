CREATE TABLE "flashcard" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"front" text NOT NULL,
	"back" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flashcard_position_check" CHECK ("flashcard"."position" between 0 and 49),
	CONSTRAINT "flashcard_front_length" CHECK (char_length("flashcard"."front") between 1 and 300),
	CONSTRAINT "flashcard_back_length" CHECK (char_length("flashcard"."back") between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "flashcard" ADD CONSTRAINT "flashcard_post_id_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flashcard_post_position_idx" ON "flashcard" USING btree ("post_id","position");--> statement-breakpoint
ALTER TABLE "practice_card" ADD CONSTRAINT "practice_card_flashcard_id_flashcard_id_fk" FOREIGN KEY ("flashcard_id") REFERENCES "public"."flashcard"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_card_flashcard_idx" ON "practice_card" USING btree ("flashcard_id");