-- Every committed change to a row an app instance may cache is announced on the `app_changes` channel as
-- `<topic>:<key>`, so every instance drops its copy (lib/change-feed.ts). Being triggers, no write path can forget.
-- PostgreSQL delivers the notifications after commit, in commit order, and folds duplicates within a transaction.
CREATE FUNCTION notify_app_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  row_data jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
BEGIN
  PERFORM pg_notify('app_changes', TG_ARGV[0] || ':' || (row_data ->> TG_ARGV[1]));
  IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) ->> TG_ARGV[1]) IS DISTINCT FROM (row_data ->> TG_ARGV[1]) THEN
    PERFORM pg_notify('app_changes', TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1]));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_app_change('user', 'id');
--> statement-breakpoint
-- A session's last-seen time moves every minute of activity and is not worth a notification.
CREATE TRIGGER sessions_changed AFTER DELETE OR UPDATE OF id_hash, user_id, mfa_pending, expires_at ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_app_change('session', 'id_hash');
--> statement-breakpoint
CREATE TRIGGER cart_items_changed AFTER INSERT OR UPDATE OR DELETE ON cart_items
  FOR EACH ROW EXECUTE FUNCTION notify_app_change('cart', 'user_id');
--> statement-breakpoint
CREATE TRIGGER products_changed AFTER UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION notify_app_change('product', 'id');
