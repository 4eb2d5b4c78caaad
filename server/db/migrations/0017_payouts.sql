CREATE TABLE "payout" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"writer_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reference" text,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_amount_check" CHECK ("payout"."amount" > 0),
	CONSTRAINT "payout_status_check" CHECK ("payout"."status" in ('open', 'paid', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "ledger_transfer" DROP CONSTRAINT "ledger_transfer_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_transfer" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD COLUMN "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Written by hand: entries from before this migration take their transfer's time (the default
-- gave them the migration's). The one UPDATE the ledger allows, with its append-only trigger
-- off for this statement only, inside the migration's transaction (decision 022).
ALTER TABLE "ledger_entry" DISABLE TRIGGER "ledger_entry_append_only";--> statement-breakpoint
UPDATE "ledger_entry" e SET "created_at" = t."created_at" FROM "ledger_transfer" t WHERE t."id" = e."transfer_id";--> statement-breakpoint
ALTER TABLE "ledger_entry" ENABLE TRIGGER "ledger_entry_append_only";--> statement-breakpoint
ALTER TABLE "ledger_transfer" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "payout" ADD CONSTRAINT "payout_writer_id_user_id_fk" FOREIGN KEY ("writer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout" ADD CONSTRAINT "payout_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_writer_open_idx" ON "payout" USING btree ("writer_id") WHERE "payout"."status" = 'open';--> statement-breakpoint
CREATE INDEX "payout_writer_created_idx" ON "payout" USING btree ("writer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payout_status_created_idx" ON "payout" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_entry_account_created_idx" ON "ledger_entry" USING btree ("account","created_at","transfer_id");--> statement-breakpoint
CREATE INDEX "ledger_transfer_earning_created_idx" ON "ledger_transfer" USING btree ("created_at") WHERE "ledger_transfer"."kind" in ('sale', 'renewal');--> statement-breakpoint
ALTER TABLE "ledger_transfer" ADD CONSTRAINT "ledger_transfer_subject_check" CHECK (("ledger_transfer"."order_id" is null) <> ("ledger_transfer"."payout_id" is null));--> statement-breakpoint
ALTER TABLE "ledger_transfer" ADD CONSTRAINT "ledger_transfer_kind_check" CHECK ("ledger_transfer"."kind" in ('sale', 'renewal', 'refund', 'release', 'reclaim', 'payout', 'payout_paid', 'payout_rejected'));