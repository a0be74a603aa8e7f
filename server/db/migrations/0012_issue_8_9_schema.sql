CREATE TYPE "public"."integration_delivery_status" AS ENUM('pending', 'delivered', 'failed');--> statement-breakpoint
CREATE TYPE "public"."tlp_level" AS ENUM('CLEAR', 'GREEN', 'AMBER', 'AMBER+STRICT', 'RED');--> statement-breakpoint
CREATE TYPE "public"."automation_run_status" AS ENUM('succeeded', 'failed');--> statement-breakpoint
ALTER TYPE "public"."bulk_operation_type" ADD VALUE 'case_status';--> statement-breakpoint
ALTER TYPE "public"."bulk_operation_type" ADD VALUE 'notifications_read';--> statement-breakpoint
ALTER TYPE "public"."bulk_operation_type" ADD VALUE 'api_key_revoke';--> statement-breakpoint
CREATE TABLE "integration_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"integration_id" uuid NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "integration_delivery_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"response_status" integer,
	"error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_deliveries_attempts_non_negative" CHECK ("integration_deliveries"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "automation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule_id" uuid NOT NULL,
	"event" text NOT NULL,
	"event_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "automation_run_status" NOT NULL,
	"outcomes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "credentials" text;--> statement-breakpoint
ALTER TABLE "threat_intelligence" ADD COLUMN "tlp" "tlp_level" DEFAULT 'AMBER' NOT NULL;--> statement-breakpoint
ALTER TABLE "threat_intelligence" ADD COLUMN "stix_id" text;--> statement-breakpoint
ALTER TABLE "threat_intelligence" ADD COLUMN "modified_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_operations" ADD COLUMN "item_errors" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_operations" ADD COLUMN "output" text;--> statement-breakpoint
ALTER TABLE "integration_deliveries" ADD CONSTRAINT "integration_deliveries_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_rule_id_automation_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."automation_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_deliveries_integration_created_idx" ON "integration_deliveries" USING btree ("integration_id","created_at");--> statement-breakpoint
CREATE INDEX "automation_runs_rule_created_idx" ON "automation_runs" USING btree ("rule_id","created_at");--> statement-breakpoint
CREATE INDEX "threat_intelligence_indicators_idx" ON "threat_intelligence" USING gin ("indicators");--> statement-breakpoint
ALTER TABLE "threat_intelligence" ADD CONSTRAINT "threat_intelligence_stix_id_unique" UNIQUE("stix_id");