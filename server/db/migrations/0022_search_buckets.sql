-- Search reads the products in 8 parts by the last byte of their random id, each with a GIN index of its own, and
-- stops at the first parts that give its 100 candidates (decision 025): a GIN scan reads the whole posting list of
-- every word it looks up, which grows with the catalogue. The whole-table index stays for the marketplace's filter.
CREATE INDEX "products_search_b0_idx" ON "products" USING gin ("search_vector") WHERE (get_byte(uuid_send("products"."id"), 15) & 7) = 0;--> statement-breakpoint
CREATE INDEX "products_search_b1_idx" ON "products" USING gin ("search_vector") WHERE (get_byte(uuid_send("products"."id"), 15) & 7) = 1;--> statement-breakpoint
CREATE INDEX "products_search_b2_idx" ON "products" USING gin ("search_vector") WHERE (get_byte(uuid_send("products"."id"), 15) & 7) = 2;--> statement-breakpoint
CREATE INDEX "products_search_b3_idx" ON "products" USING gin ("search_vector") WHERE (get_byte(uuid_send("products"."id"), 15) & 7) = 3;--> statement-breakpoint
CREATE INDEX "products_search_b4_idx" ON "products" USING gin ("search_vector") WHERE (get_byte(uuid_send("products"."id"), 15) & 7) = 4;--> statement-breakpoint
CREATE INDEX "products_search_b5_idx" ON "products" USING gin ("search_vector") WHERE (get_byte(uuid_send("products"."id"), 15) & 7) = 5;--> statement-breakpoint
CREATE INDEX "products_search_b6_idx" ON "products" USING gin ("search_vector") WHERE (get_byte(uuid_send("products"."id"), 15) & 7) = 6;--> statement-breakpoint
CREATE INDEX "products_search_b7_idx" ON "products" USING gin ("search_vector") WHERE (get_byte(uuid_send("products"."id"), 15) & 7) = 7;