CREATE TABLE "passkeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}'::text[] NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean NOT NULL,
	"aaguid" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "passkeys_credential_id_unique" UNIQUE("credential_id"),
	CONSTRAINT "passkeys_device_type" CHECK ("passkeys"."device_type" in ('singleDevice', 'multiDevice')),
	CONSTRAINT "passkeys_counter_range" CHECK ("passkeys"."counter" between 0 and 4294967295)
);
--> statement-breakpoint
CREATE TABLE "webauthn_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "reauthenticated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passkeys_user_created_idx" ON "passkeys" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "webauthn_challenges_expires_idx" ON "webauthn_challenges" USING btree ("expires_at");--> statement-breakpoint
-- hand-written: a re-authentication on one instance must hold on the next request, whichever instance takes it, so
-- other instances drop the session they cache when its proof time moves (the sessions trigger of 0008 also watches
-- reauthenticated_at now).
DROP TRIGGER IF EXISTS sessions_changed ON sessions;--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER DELETE OR UPDATE OF id_hash, user_id, mfa_pending, expires_at, reauthenticated_at ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_app_change('session', 'id_hash');
-- end hand-written
