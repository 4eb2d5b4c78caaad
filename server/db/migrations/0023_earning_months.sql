CREATE TABLE "earning_month" (
	"account" text NOT NULL,
	"currency" text NOT NULL,
	"month" date NOT NULL,
	"sales" integer NOT NULL,
	"gross" bigint NOT NULL,
	"fees" bigint NOT NULL,
	"net" bigint NOT NULL,
	"refunds" bigint NOT NULL,
	CONSTRAINT "earning_month_pk" PRIMARY KEY("account","currency","month")
);
--> statement-breakpoint
CREATE INDEX "earning_month_month_idx" ON "earning_month" USING btree ("currency","month");--> statement-breakpoint
-- One row per sale, renewal or refund transfer: its writer's pending account, its month and its
-- sums (decision 035). The trigger below adds one transfer's row; the back-fill adds them all.
CREATE VIEW "earning_transfer" AS
SELECT t.id AS transfer_id, w.account, w.currency,
  date_trunc('month', w.created_at AT TIME ZONE 'UTC')::date AS month,
  CASE WHEN t.kind = 'refund' THEN 0 ELSE 1 END AS sales,
  coalesce(sum(-x.amount) FILTER (WHERE x.account = 'buyer:external'), 0) AS gross,
  coalesce(sum(x.amount) FILTER (WHERE x.account = 'platform:fees'), 0) AS fees,
  coalesce(sum(x.amount) FILTER (WHERE x.account = w.account), 0) AS net,
  CASE WHEN t.kind = 'refund' THEN coalesce(sum(x.amount) FILTER (WHERE x.account = 'buyer:external'), 0) ELSE 0 END AS refunds
FROM ledger_transfer t
JOIN ledger_entry w ON w.transfer_id = t.id AND w.account LIKE 'writer:%:pending'
JOIN ledger_entry x ON x.transfer_id = t.id
WHERE t.kind IN ('sale', 'renewal', 'refund')
GROUP BY t.id, t.kind, w.account, w.currency, w.created_at;--> statement-breakpoint
-- At commit, like the balance check (a transfer's entries are inserted a statement after it), and
-- so the month's row is locked only for the commit's last moment: a writer's concurrent sales
-- wait on each other for that moment, not for their whole transactions.
CREATE FUNCTION earning_month_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO earning_month AS m (account, currency, month, sales, gross, fees, net, refunds)
  SELECT account, currency, month, sales, gross, fees, net, refunds FROM earning_transfer
  WHERE transfer_id = NEW.id
  ON CONFLICT (account, currency, month) DO UPDATE SET
    sales = m.sales + excluded.sales,
    gross = m.gross + excluded.gross,
    fees = m.fees + excluded.fees,
    net = m.net + excluded.net,
    refunds = m.refunds + excluded.refunds;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_transfer_earning_month AFTER INSERT ON ledger_transfer
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (NEW.kind IN ('sale', 'renewal', 'refund'))
EXECUTE FUNCTION earning_month_add();--> statement-breakpoint
INSERT INTO earning_month (account, currency, month, sales, gross, fees, net, refunds)
SELECT account, currency, month, sum(sales), sum(gross), sum(fees), sum(net), sum(refunds)
FROM earning_transfer GROUP BY account, currency, month;
