ALTER TABLE "digital_services" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('simple', coalesce(short_description, '') || ' ' || coalesce(description, '')), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "investigation_catalog" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('simple', coalesce(description, '')), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_applications" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(company_name, '')), 'A') || setweight(to_tsvector('simple', coalesce(description, '')), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', coalesce(excerpt, '')), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "digital_services_search_idx" ON "digital_services" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "digital_services_name_trgm_idx" ON "digital_services" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "investigation_catalog_search_idx" ON "investigation_catalog" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "investigation_catalog_name_trgm_idx" ON "investigation_catalog" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vendor_applications_search_idx" ON "vendor_applications" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "vendor_applications_company_trgm_idx" ON "vendor_applications" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blog_posts_search_idx" ON "blog_posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "blog_posts_title_trgm_idx" ON "blog_posts" USING gin ("title" gin_trgm_ops);