-- Changes to rows an app instance may cache are announced on the `app_changes` channel as `<topic>:<key>`, so every
-- instance drops its copy (lib/change-feed.ts). PostgreSQL delivers notifications after commit, in commit order, and
-- folds duplicates within a transaction. A transaction that notifies holds a database-wide lock through its commit,
-- so notifying transactions commit one at a time: the triggers cover the rarely written rows (accounts, sessions,
-- product details), and the hot paths (cart lines, stock counts at checkout) are announced by the app after commit
-- (decision 004).
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
-- Stock counts move with every checkout and are re-checked there; a cart may show one a moment old.
CREATE TRIGGER products_changed AFTER DELETE OR UPDATE OF id, name, price, image_url, minimum_tier, in_stock ON products
  FOR EACH ROW EXECUTE FUNCTION notify_app_change('product', 'id');
