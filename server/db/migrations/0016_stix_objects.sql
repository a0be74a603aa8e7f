-- Faithful STIX 2.1 and the TAXII 2.1 feed (issue 20, decision 016): every STIX object an import brings, or a record
-- made here travels as, is kept whole, one row per version; which threat records each object belongs to; and what
-- each import (API, bulk or TAXII add) did, which is also the TAXII status resource.
CREATE TABLE "stix_objects" (
	"stix_id" text NOT NULL,
	"modified_at" timestamp (6) with time zone NOT NULL,
	"version" text,
	"type" text NOT NULL,
	"spec_version" text DEFAULT '2.1' NOT NULL,
	"tlp" "tlp_level" DEFAULT 'AMBER' NOT NULL,
	"object" jsonb NOT NULL,
	"date_added" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"seq" bigserial NOT NULL,
	CONSTRAINT "stix_objects_stix_id_modified_at_pk" PRIMARY KEY("stix_id","modified_at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stix_objects_seq_idx" ON "stix_objects" USING btree ("seq");
--> statement-breakpoint
CREATE INDEX "stix_objects_added_idx" ON "stix_objects" USING btree ("date_added","seq");
--> statement-breakpoint
CREATE INDEX "stix_objects_type_idx" ON "stix_objects" USING btree ("type");
--> statement-breakpoint
CREATE TABLE "stix_object_threats" (
	"threat_id" uuid NOT NULL,
	"stix_id" text NOT NULL,
	CONSTRAINT "stix_object_threats_threat_id_stix_id_pk" PRIMARY KEY("threat_id","stix_id")
);
--> statement-breakpoint
ALTER TABLE "stix_object_threats" ADD CONSTRAINT "stix_object_threats_threat_id_threat_intelligence_id_fk" FOREIGN KEY ("threat_id") REFERENCES "public"."threat_intelligence"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "stix_object_threats_stix_idx" ON "stix_object_threats" USING btree ("stix_id");
--> statement-breakpoint
CREATE TABLE "stix_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" uuid,
	"via" text NOT NULL,
	"status" text DEFAULT 'complete' NOT NULL,
	"total_count" integer NOT NULL,
	"report" jsonb NOT NULL,
	"successes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stix_imports" ADD CONSTRAINT "stix_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "stix_imports_created_idx" ON "stix_imports" USING btree ("created_at");
