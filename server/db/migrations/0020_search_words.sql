-- The search's word list (issue 19 point 4, decision 015): every lexeme of the searched tables' search vectors
-- (products, digital services, investigations, blog posts, vendors) except bare numbers, with the number of rows
-- using it (`uses`) and of rows using it in their name or title (`named`, weight A). A typed word's beginning is
-- expanded to the whole lexemes it begins, so the full-text index looks up whole lexemes instead of a prefix range,
-- and a typed word is corrected for typos against this short list (trigram index, then edit distance) instead of
-- against every name. Triggers keep it current as rows are inserted, changed and deleted.
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"uses" integer NOT NULL,
	"named" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "search_words_word_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);
--> statement-breakpoint
CREATE FUNCTION search_words_add(vectors tsvector[], delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- In word order, so two transactions adding the same words lock them in the same order.
  INSERT INTO search_words (word, uses, named)
  SELECT l.lexeme, delta * count(*), delta * count(*) FILTER (WHERE 'A' = ANY (l.weights))
  FROM unnest(vectors) v, unnest(v) l
  WHERE l.lexeme !~ '^[0-9]+$'
  GROUP BY l.lexeme ORDER BY l.lexeme
  ON CONFLICT (word) DO UPDATE
    SET uses = search_words.uses + excluded.uses, named = search_words.named + excluded.named;
  IF delta < 0 THEN
    DELETE FROM search_words WHERE uses <= 0;
  END IF;
END $$;
--> statement-breakpoint
-- Statement-level for inserts and deletes (one pass over the transition table however many rows); row-level for
-- updates, only when the search vector changed (transition tables cannot go with a WHEN condition).
CREATE FUNCTION search_words_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_add(array(SELECT search_vector FROM new_rows), 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION search_words_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_add(array(SELECT search_vector FROM old_rows), -1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION search_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_add(array[OLD.search_vector], -1);
  PERFORM search_words_add(array[NEW.search_vector], 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_search_words_inserted" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_inserted();
--> statement-breakpoint
CREATE TRIGGER "products_search_words_deleted" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_deleted();
--> statement-breakpoint
CREATE TRIGGER "products_search_words_changed" AFTER UPDATE ON "products" FOR EACH ROW WHEN (OLD."search_vector" IS DISTINCT FROM NEW."search_vector") EXECUTE FUNCTION search_words_changed();
--> statement-breakpoint
CREATE TRIGGER "digital_services_search_words_inserted" AFTER INSERT ON "digital_services" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_inserted();
--> statement-breakpoint
CREATE TRIGGER "digital_services_search_words_deleted" AFTER DELETE ON "digital_services" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_deleted();
--> statement-breakpoint
CREATE TRIGGER "digital_services_search_words_changed" AFTER UPDATE ON "digital_services" FOR EACH ROW WHEN (OLD."search_vector" IS DISTINCT FROM NEW."search_vector") EXECUTE FUNCTION search_words_changed();
--> statement-breakpoint
CREATE TRIGGER "investigation_catalog_search_words_inserted" AFTER INSERT ON "investigation_catalog" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_inserted();
--> statement-breakpoint
CREATE TRIGGER "investigation_catalog_search_words_deleted" AFTER DELETE ON "investigation_catalog" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_deleted();
--> statement-breakpoint
CREATE TRIGGER "investigation_catalog_search_words_changed" AFTER UPDATE ON "investigation_catalog" FOR EACH ROW WHEN (OLD."search_vector" IS DISTINCT FROM NEW."search_vector") EXECUTE FUNCTION search_words_changed();
--> statement-breakpoint
CREATE TRIGGER "blog_posts_search_words_inserted" AFTER INSERT ON "blog_posts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_inserted();
--> statement-breakpoint
CREATE TRIGGER "blog_posts_search_words_deleted" AFTER DELETE ON "blog_posts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_deleted();
--> statement-breakpoint
CREATE TRIGGER "blog_posts_search_words_changed" AFTER UPDATE ON "blog_posts" FOR EACH ROW WHEN (OLD."search_vector" IS DISTINCT FROM NEW."search_vector") EXECUTE FUNCTION search_words_changed();
--> statement-breakpoint
CREATE TRIGGER "vendor_applications_search_words_inserted" AFTER INSERT ON "vendor_applications" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_inserted();
--> statement-breakpoint
CREATE TRIGGER "vendor_applications_search_words_deleted" AFTER DELETE ON "vendor_applications" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_deleted();
--> statement-breakpoint
CREATE TRIGGER "vendor_applications_search_words_changed" AFTER UPDATE ON "vendor_applications" FOR EACH ROW WHEN (OLD."search_vector" IS DISTINCT FROM NEW."search_vector") EXECUTE FUNCTION search_words_changed();
--> statement-breakpoint
SELECT search_words_add(array(
	SELECT search_vector FROM products UNION ALL SELECT search_vector FROM digital_services
	UNION ALL SELECT search_vector FROM investigation_catalog UNION ALL SELECT search_vector FROM blog_posts
	UNION ALL SELECT search_vector FROM vendor_applications
), 1);
