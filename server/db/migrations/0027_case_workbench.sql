CREATE TYPE "public"."case_task_status" AS ENUM('todo', 'in_progress', 'done', 'cancelled');--> statement-breakpoint
CREATE TABLE "case_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" "case_task_status" DEFAULT 'todo' NOT NULL,
	"assignee_id" uuid,
	"due_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_tasks_done_has_completed_at" CHECK (("case_tasks"."status" = 'done') = ("case_tasks"."completed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "case_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"category" text,
	"auto_apply" boolean DEFAULT false NOT NULL,
	"tasks" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_templates_auto_apply_has_category" CHECK (not "case_templates"."auto_apply" or "case_templates"."category" is not null)
);
--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "attack_techniques" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "merged_into_id" uuid;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "merged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "threat_intelligence" ADD COLUMN "added_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "case_tasks" ADD CONSTRAINT "case_tasks_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_tasks" ADD CONSTRAINT "case_tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_tasks" ADD CONSTRAINT "case_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_templates" ADD CONSTRAINT "case_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_tasks_case_created_idx" ON "case_tasks" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE INDEX "case_tasks_assignee_due_idx" ON "case_tasks" USING btree ("assignee_id","due_at");--> statement-breakpoint
CREATE INDEX "case_templates_category_idx" ON "case_templates" USING btree ("category");--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_merged_into_id_cases_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cases_merged_into_idx" ON "cases" USING btree ("merged_into_id");--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_not_merged_into_itself" CHECK ("cases"."merged_into_id" <> "cases"."id");--> statement-breakpoint
-- hand-written: records that existed before added_at get the time they first arrived here: the TAXII date_added of
-- their first stored STIX version (an import's, or the one made when a Director wrote it); their own created_at only
-- when no STIX version was kept.
UPDATE "threat_intelligence" AS t SET "added_at" = coalesce(
  (SELECT min(o."date_added") FROM "stix_objects" AS o WHERE o."stix_id" = t."stix_id"),
  t."created_at"
);
-- end hand-written
