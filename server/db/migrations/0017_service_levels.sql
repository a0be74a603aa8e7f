-- Service levels by tier (issue 22 point 1, design 11.6, decision 019): each case and investigation request keeps
-- the tier whose targets apply (the owner's when it was opened), when its two clocks fall due, when they stopped,
-- and when each breach was announced (once per clock).
ALTER TABLE "cases" ADD COLUMN "sla_tier" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "first_response_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "resolution_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "first_responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "response_breach_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "resolution_breach_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investigation_requests" ADD COLUMN "sla_tier" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "investigation_requests" ADD COLUMN "first_response_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investigation_requests" ADD COLUMN "resolution_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investigation_requests" ADD COLUMN "first_responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investigation_requests" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investigation_requests" ADD COLUMN "response_breach_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investigation_requests" ADD COLUMN "resolution_breach_notified_at" timestamp with time zone;--> statement-breakpoint
-- Rows from before service levels: the owner's tier now, the targets of contract/service-levels.ts from their
-- creation, the first public Director update (cases) or the last change (requests already moved) as the response,
-- and the closing time as the resolution.
UPDATE "cases" SET "sla_tier" = "users"."tier" FROM "users" WHERE "users"."id" = "cases"."user_id";--> statement-breakpoint
UPDATE "investigation_requests" SET "sla_tier" = "users"."tier" FROM "users" WHERE "users"."id" = "investigation_requests"."user_id";--> statement-breakpoint
UPDATE "cases" SET
	"first_response_due_at" = "created_at" + make_interval(hours => (ARRAY[72, 24, 8, 4])["sla_tier"]),
	"resolution_due_at" = "created_at" + make_interval(days => (ARRAY[30, 21, 14, 7])["sla_tier"]),
	"first_responded_at" = (
		SELECT min(u."created_at") FROM "case_updates" u JOIN "users" a ON a."id" = u."author_id"
		WHERE u."case_id" = "cases"."id" AND NOT u."is_internal" AND u."author_id" <> "cases"."user_id" AND a."tier" >= 4
	),
	"resolved_at" = CASE WHEN "status" IN ('completed', 'closed') THEN coalesce("closed_at", "updated_at") END;--> statement-breakpoint
UPDATE "investigation_requests" SET
	"first_response_due_at" = "created_at" + make_interval(hours => (ARRAY[72, 24, 8, 4])["sla_tier"]),
	"resolution_due_at" = "created_at" + make_interval(days => (ARRAY[45, 30, 21, 14])["sla_tier"]),
	"first_responded_at" = CASE WHEN "status" <> 'PENDING' OR "assigned_agent_id" IS NOT NULL THEN "updated_at" END,
	"resolved_at" = CASE WHEN "status" IN ('COMPLETED', 'CANCELLED') THEN "updated_at" END;--> statement-breakpoint
-- Breaches from before service levels existed are not announced now: no storm of old alerts on deployment.
UPDATE "cases" SET "response_breach_notified_at" = now() WHERE coalesce("first_responded_at", now()) > "first_response_due_at";--> statement-breakpoint
UPDATE "cases" SET "resolution_breach_notified_at" = now() WHERE coalesce("resolved_at", now()) > "resolution_due_at";--> statement-breakpoint
UPDATE "investigation_requests" SET "response_breach_notified_at" = now() WHERE coalesce("first_responded_at", now()) > "first_response_due_at";--> statement-breakpoint
UPDATE "investigation_requests" SET "resolution_breach_notified_at" = now() WHERE coalesce("resolved_at", now()) > "resolution_due_at";--> statement-breakpoint
ALTER TABLE "cases" ALTER COLUMN "first_response_due_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ALTER COLUMN "resolution_due_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "investigation_requests" ALTER COLUMN "first_response_due_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "investigation_requests" ALTER COLUMN "resolution_due_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_sla_tier_range" CHECK ("cases"."sla_tier" between 1 and 4);--> statement-breakpoint
ALTER TABLE "investigation_requests" ADD CONSTRAINT "investigation_requests_sla_tier_range" CHECK ("investigation_requests"."sla_tier" between 1 and 4);--> statement-breakpoint
CREATE INDEX "cases_response_breach_idx" ON "cases" USING btree ("first_response_due_at") WHERE "cases"."response_breach_notified_at" is null;--> statement-breakpoint
CREATE INDEX "cases_resolution_breach_idx" ON "cases" USING btree ("resolution_due_at") WHERE "cases"."resolution_breach_notified_at" is null;--> statement-breakpoint
CREATE INDEX "investigation_requests_response_breach_idx" ON "investigation_requests" USING btree ("first_response_due_at") WHERE "investigation_requests"."response_breach_notified_at" is null;--> statement-breakpoint
CREATE INDEX "investigation_requests_resolution_breach_idx" ON "investigation_requests" USING btree ("resolution_due_at") WHERE "investigation_requests"."resolution_breach_notified_at" is null;
