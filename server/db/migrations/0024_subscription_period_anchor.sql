-- Periods are counted from an anchor, so that a subscription from Jan 31 renews on Feb 29 and then on Mar 31
-- (design 12.1). A subscription that already has a period takes that period's start as its anchor: the day it was
-- bought is not kept anywhere else, and from the next period on its renewals keep that day.
ALTER TABLE "subscriptions" ADD COLUMN "period_anchor" timestamp with time zone;--> statement-breakpoint
UPDATE "subscriptions" SET "period_anchor" = "current_period_start" WHERE "current_period_start" IS NOT NULL;
