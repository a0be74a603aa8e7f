CREATE TYPE "public"."observable_tlp" AS ENUM('clear', 'green', 'amber', 'amber+strict', 'red');--> statement-breakpoint
CREATE TYPE "public"."observable_type" AS ENUM('ipv4', 'ipv6', 'domain', 'url', 'email', 'md5', 'sha1', 'sha256', 'filename', 'phone', 'other');--> statement-breakpoint
CREATE TABLE "stix_indicator_values" (
	"stix_id" text NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "stix_indicator_values_stix_id_kind_value_pk" PRIMARY KEY("stix_id","kind","value")
);
--> statement-breakpoint
CREATE TABLE "stix_indicators" (
	"stix_id" text PRIMARY KEY NOT NULL,
	"modified_at" timestamp (6) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_observables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"added_by" uuid,
	"type" "observable_type" NOT NULL,
	"value" text NOT NULL,
	"tlp" "observable_tlp" DEFAULT 'amber' NOT NULL,
	"is_ioc" boolean DEFAULT false NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "observable_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"observable_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"indicator_stix_id" text NOT NULL,
	"threat_id" uuid NOT NULL,
	"sighting_id" text NOT NULL,
	"shared" boolean NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stix_indicator_values" ADD CONSTRAINT "stix_indicator_values_stix_id_stix_indicators_stix_id_fk" FOREIGN KEY ("stix_id") REFERENCES "public"."stix_indicators"("stix_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_observables" ADD CONSTRAINT "case_observables_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_observables" ADD CONSTRAINT "case_observables_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observable_matches" ADD CONSTRAINT "observable_matches_observable_id_case_observables_id_fk" FOREIGN KEY ("observable_id") REFERENCES "public"."case_observables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observable_matches" ADD CONSTRAINT "observable_matches_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observable_matches" ADD CONSTRAINT "observable_matches_threat_id_threat_intelligence_id_fk" FOREIGN KEY ("threat_id") REFERENCES "public"."threat_intelligence"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stix_indicator_values_value_kind_idx" ON "stix_indicator_values" USING btree ("value","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "case_observables_case_value_idx" ON "case_observables" USING btree ("case_id","type","value","is_internal");--> statement-breakpoint
CREATE INDEX "case_observables_case_created_idx" ON "case_observables" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE INDEX "case_observables_value_type_idx" ON "case_observables" USING btree ("value","type");--> statement-breakpoint
CREATE INDEX "case_observables_added_by_idx" ON "case_observables" USING btree ("added_by");--> statement-breakpoint
CREATE UNIQUE INDEX "observable_matches_unique_idx" ON "observable_matches" USING btree ("observable_id","indicator_stix_id","threat_id");--> statement-breakpoint
CREATE INDEX "observable_matches_case_idx" ON "observable_matches" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "observable_matches_threat_idx" ON "observable_matches" USING btree ("threat_id");--> statement-breakpoint
CREATE INDEX "stix_objects_sighting_of_idx" ON "stix_objects" USING btree (("object" ->> 'sighting_of_ref')) WHERE "stix_objects"."type" = 'sighting';