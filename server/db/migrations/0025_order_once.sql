-- Decision 040: one open order per buyer and item, ids in canonical form.
-- Item ids written in another case become canonical (they name the same book or writer).
UPDATE "order" SET "item_id" = lower("item_id") WHERE "item_id" <> lower("item_id");--> statement-breakpoint
-- Of several open orders for one buyer and item, the newest stays open; the others were never
-- paid and are cancelled, as an abandoned checkout is.
UPDATE "order" SET "status" = 'cancelled', "updated_at" = now()
WHERE "status" IN ('pending', 'failed') AND "id" NOT IN (
  SELECT DISTINCT ON ("buyer_id", "item_kind", "item_id") "id" FROM "order"
  WHERE "status" IN ('pending', 'failed')
  ORDER BY "buyer_id", "item_kind", "item_id", "created_at" DESC, "id" DESC
);--> statement-breakpoint
ALTER TABLE "ledger_transfer" DROP CONSTRAINT "ledger_transfer_kind_check";--> statement-breakpoint
CREATE UNIQUE INDEX "order_open_item_idx" ON "order" USING btree ("buyer_id","item_kind","item_id") WHERE "order"."status" in ('pending', 'failed');--> statement-breakpoint
ALTER TABLE "ledger_transfer" ADD CONSTRAINT "ledger_transfer_kind_check" CHECK ("ledger_transfer"."kind" in ('sale', 'renewal', 'refund', 'release', 'reclaim', 'payout', 'payout_paid', 'payout_rejected', 'duplicate', 'duplicate_refund'));--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_item_id_check" CHECK ("order"."item_id" ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$');--> statement-breakpoint
CREATE INDEX "ledger_transfer_duplicate_created_idx" ON "ledger_transfer" USING btree ("created_at") WHERE "ledger_transfer"."kind" = 'duplicate';