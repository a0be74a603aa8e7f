-- The one-time setup link (issue 23): while no Director exists, each start of the server writes a new random token's
-- SHA-256 here (one row at most) and prints the link; creating the first Director through it deletes the row.
CREATE TABLE "setup_token" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "setup_token_single_row" CHECK ("setup_token"."id" = 1)
);
