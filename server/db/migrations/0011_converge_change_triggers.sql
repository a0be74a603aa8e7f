-- Migration 0008 was rewritten after release (commit 8bbcad1): cart lines and stock counts are now announced by the
-- app after commit, not by triggers. A database that applied the first 0008 still has the old triggers, and a
-- migration never runs twice, so this one brings every database to the same triggers. Harmless where 0008 already
-- made them this way.
DROP TRIGGER IF EXISTS cart_items_changed ON cart_items;--> statement-breakpoint
DROP TRIGGER IF EXISTS products_changed ON products;--> statement-breakpoint
CREATE TRIGGER products_changed AFTER DELETE OR UPDATE OF id, name, price, image_url, minimum_tier, in_stock ON products
  FOR EACH ROW EXECUTE FUNCTION notify_app_change('product', 'id');
