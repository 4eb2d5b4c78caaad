CREATE TABLE "ledger_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transfer_id" uuid NOT NULL,
	"account" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	CONSTRAINT "ledger_entry_amount_check" CHECK ("ledger_entry"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"payment_ref" text NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfer_kind_check" CHECK ("ledger_transfer"."kind" in ('sale', 'renewal', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" text NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_checkout_ref" text,
	"checkout_url" text,
	"provider_payment_ref" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_item_kind_check" CHECK ("order"."item_kind" in ('subscription')),
	CONSTRAINT "order_amount_check" CHECK ("order"."amount" > 0),
	CONSTRAINT "order_currency_check" CHECK ("order"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "order_status_check" CHECK ("order"."status" in ('pending', 'paid', 'failed', 'cancelled', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "payment_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"order_id" uuid,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscriber_id" text NOT NULL,
	"writer_id" text NOT NULL,
	"kind" text NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"order_id" uuid,
	"current_period_start" timestamp (3) with time zone,
	"current_period_end" timestamp (3) with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_kind_check" CHECK ("subscription"."kind" in ('free', 'paid')),
	CONSTRAINT "subscription_status_check" CHECK ("subscription"."status" in ('active', 'cancelled', 'ended')),
	CONSTRAINT "subscription_price_check" CHECK ("subscription"."price" >= 0),
	CONSTRAINT "subscription_not_self_check" CHECK ("subscription"."subscriber_id" <> "subscription"."writer_id")
);
--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "monthly_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_transfer_id_ledger_transfer_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_event" ADD CONSTRAINT "payment_event_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_subscriber_id_user_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_writer_id_user_id_fk" FOREIGN KEY ("writer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entry_account_idx" ON "ledger_entry" USING btree ("account","currency","amount");--> statement-breakpoint
CREATE INDEX "ledger_entry_transfer_idx" ON "ledger_entry" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfer_payment_idx" ON "ledger_transfer" USING btree ("provider","payment_ref","kind");--> statement-breakpoint
CREATE INDEX "ledger_transfer_order_idx" ON "ledger_transfer" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_buyer_created_idx" ON "order" USING btree ("buyer_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_event_provider_event_idx" ON "payment_event" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_event_order_idx" ON "payment_event" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_live_idx" ON "subscription" USING btree ("subscriber_id","writer_id") WHERE "subscription"."status" <> 'ended';--> statement-breakpoint
CREATE INDEX "subscription_writer_idx" ON "subscription" USING btree ("writer_id","status");--> statement-breakpoint
CREATE INDEX "subscription_subscriber_idx" ON "subscription" USING btree ("subscriber_id","created_at","id");--> statement-breakpoint
ALTER TABLE "profile" ADD CONSTRAINT "profile_monthly_price_check" CHECK ("profile"."monthly_price" = 0 or "profile"."monthly_price" between 100 and 10000);--> statement-breakpoint
-- The ledger is append-only (decision 019): a correction is a reversing transfer, never an edit.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER ledger_transfer_append_only BEFORE UPDATE OR DELETE ON ledger_transfer
FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_transfer_no_truncate BEFORE TRUNCATE ON ledger_transfer
FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_entry_append_only BEFORE UPDATE OR DELETE ON ledger_entry
FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_entry_no_truncate BEFORE TRUNCATE ON ledger_entry
FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
-- Double entry, checked at commit (deferred: a transfer's entries are inserted one statement
-- after it): a transfer has at least two entries, one currency, and they sum to zero.
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The argument names the column holding the transfer's id (id, or an entry's transfer_id).
  tid uuid := (to_jsonb(NEW) ->> TG_ARGV[0])::uuid;
  n integer;
  total bigint;
  currencies integer;
BEGIN
  SELECT count(*), coalesce(sum(amount), 0), count(DISTINCT currency) INTO n, total, currencies
  FROM ledger_entry WHERE transfer_id = tid;
  IF n < 2 OR total <> 0 OR currencies <> 1 THEN
    RAISE EXCEPTION 'ledger transfer % is not balanced (% entries, sum %, % currencies)', tid, n, total, currencies
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_transfer_balanced AFTER INSERT ON ledger_transfer
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced('id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entry_balanced AFTER INSERT ON ledger_entry
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced('transfer_id');
