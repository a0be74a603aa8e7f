ALTER TABLE "subscriptions" ADD COLUMN "payment_method" "payment_method" DEFAULT 'stripe' NOT NULL;--> statement-breakpoint
-- hand-written: a subscription made before the column is paid as its first payment was (renewals are card payments
-- of card subscriptions only, so the first payment is the one that says how it was bought).
UPDATE "subscriptions" AS s SET "payment_method" = p."payment_method"
FROM (
  SELECT DISTINCT ON ("subscription_id") "subscription_id", "payment_method"
  FROM "payments"
  WHERE "subscription_id" IS NOT NULL
  ORDER BY "subscription_id", "created_at", "id"
) AS p
WHERE p."subscription_id" = s."id";
-- end hand-written
