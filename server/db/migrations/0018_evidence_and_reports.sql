CREATE TABLE "evidence_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid,
	"investigation_id" uuid,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"sha256" text NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	CONSTRAINT "evidence_files_one_subject" CHECK (num_nonnulls("evidence_files"."case_id", "evidence_files"."investigation_id") = 1),
	CONSTRAINT "evidence_files_sha256_hex" CHECK ("evidence_files"."sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "evidence_files_size_positive" CHECK ("evidence_files"."size" > 0)
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_type" text NOT NULL,
	"case_id" uuid,
	"investigation_id" uuid,
	"subject_number" text NOT NULL,
	"version" text NOT NULL,
	"requested_by" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"content_sha256" text,
	"file_sha256" text,
	"size" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "reports_subject_type" CHECK ("reports"."subject_type" in ('case', 'investigation')),
	CONSTRAINT "reports_version" CHECK ("reports"."version" in ('client', 'staff')),
	CONSTRAINT "reports_status" CHECK ("reports"."status" in ('pending', 'processing', 'completed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "evidence_files" ADD CONSTRAINT "evidence_files_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_files" ADD CONSTRAINT "evidence_files_investigation_id_investigation_requests_id_fk" FOREIGN KEY ("investigation_id") REFERENCES "public"."investigation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_files" ADD CONSTRAINT "evidence_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_files" ADD CONSTRAINT "evidence_files_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_investigation_id_investigation_requests_id_fk" FOREIGN KEY ("investigation_id") REFERENCES "public"."investigation_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evidence_files_case_created_idx" ON "evidence_files" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE INDEX "evidence_files_investigation_created_idx" ON "evidence_files" USING btree ("investigation_id","created_at");--> statement-breakpoint
CREATE INDEX "evidence_files_sha256_idx" ON "evidence_files" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "reports_case_created_idx" ON "reports" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_investigation_created_idx" ON "reports" USING btree ("investigation_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_content_sha256_idx" ON "reports" USING btree ("content_sha256");--> statement-breakpoint
CREATE INDEX "reports_file_sha256_idx" ON "reports" USING btree ("file_sha256");
