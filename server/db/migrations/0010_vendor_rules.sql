-- One open or approved vendor application a user, decided by the database so two submits at once cannot both pass.
CREATE UNIQUE INDEX "vendor_applications_user_active_key" ON "vendor_applications" USING btree ("user_id") WHERE "vendor_applications"."status" in ('PENDING', 'APPROVED');--> statement-breakpoint
-- A product entering or leaving sale (its approval) must reach every instance's cached carts at once, whatever
-- columns the products_changed trigger of migration 0008 watches. Approvals are rare, so this costs nothing.
CREATE TRIGGER products_approval_changed AFTER UPDATE OF approval_status ON products
  FOR EACH ROW EXECUTE FUNCTION notify_app_change('product', 'id');
