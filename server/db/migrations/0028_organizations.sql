CREATE TABLE "organization_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "organization_invitations_role" CHECK ("organization_invitations"."role" in ('owner', 'admin', 'member'))
);
--> statement-breakpoint
CREATE TABLE "organization_members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"role" text NOT NULL,
	"via" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_members_role" CHECK ("organization_members"."role" in ('owner', 'admin', 'member')),
	CONSTRAINT "organization_members_via" CHECK ("organization_members"."via" in ('domain', 'invitation', 'sso', 'scim', 'director'))
);
--> statement-breakpoint
ALTER TABLE "investigation_requests" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "enterprise_clients" ADD COLUMN "auto_join" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_client_id_enterprise_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."enterprise_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_client_id_enterprise_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."enterprise_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organization_invitations_waiting_key" ON "organization_invitations" USING btree ("client_id","email") WHERE "organization_invitations"."accepted_at" is null;--> statement-breakpoint
CREATE INDEX "organization_members_client_idx" ON "organization_members" USING btree ("client_id","role");--> statement-breakpoint
ALTER TABLE "investigation_requests" ADD CONSTRAINT "investigation_requests_organization_id_enterprise_clients_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."enterprise_clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_organization_id_enterprise_clients_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."enterprise_clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "investigation_requests_organization_created_idx" ON "investigation_requests" USING btree ("organization_id","created_at") WHERE "investigation_requests"."organization_id" is not null;--> statement-breakpoint
CREATE INDEX "cases_organization_created_idx" ON "cases" USING btree ("organization_id","created_at") WHERE "cases"."organization_id" is not null;--> statement-breakpoint
-- hand-written: membership and the client's tier travel with the cached session (decision 037), so every
-- instance must drop a member's cached sessions when their membership changes (`user:<id>`) and every member's
-- when the client's tier, name or domain changes or the client goes (`organization:<id>`); notify_app_change is
-- migration 0008's.
CREATE TRIGGER organization_members_changed AFTER INSERT OR UPDATE OR DELETE ON organization_members
  FOR EACH ROW EXECUTE FUNCTION notify_app_change('user', 'user_id');
--> statement-breakpoint
CREATE TRIGGER enterprise_clients_changed AFTER DELETE OR UPDATE OF name, domain, tier ON enterprise_clients
  FOR EACH ROW EXECUTE FUNCTION notify_app_change('organization', 'id');
-- end hand-written
