CREATE TYPE "public"."product_approval_status" AS ENUM('approved', 'pending', 'rejected');--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "approval_status" "product_approval_status" DEFAULT 'approved' NOT NULL;--> statement-breakpoint
CREATE INDEX "products_pending_created_idx" ON "products" USING btree ("created_at") WHERE "products"."approval_status" = 'pending';