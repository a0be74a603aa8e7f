CREATE TABLE "mail_pending_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"subject_number" text NOT NULL,
	"changes" text[] NOT NULL,
	"action_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid,
	"organization_id" uuid,
	"staff" boolean DEFAULT false NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_pending_changes" ADD CONSTRAINT "mail_pending_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_organization_id_enterprise_clients_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."enterprise_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_pending_changes_subject_idx" ON "mail_pending_changes" USING btree ("user_id","subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "live_events_created_idx" ON "live_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "live_events_user_idx" ON "live_events" USING btree ("user_id","id") WHERE "live_events"."user_id" is not null;--> statement-breakpoint
-- hand-written: live events announced on the change feed
-- Each committed live event is announced as `event:<id>` on `app_changes` (migration 0008's channel, one LISTEN
-- connection per instance): PostgreSQL sends it after the commit and never for a rolled-back insert. The id rides in
-- the payload, so an instance reads exactly the committed rows, whatever order concurrent transactions committed in.
CREATE FUNCTION notify_live_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('app_changes', 'event:' || NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER live_events_announced AFTER INSERT ON live_events
  FOR EACH ROW EXECUTE FUNCTION notify_live_event();
-- end hand-written

