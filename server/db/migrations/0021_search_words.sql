-- The search's typo dictionary (issue 19 point 4, decision 015): every word of four or more letters (no digits) that
-- appears in a searchable name (product, digital service, investigation, blog title, vendor company), with the number
-- of names using it. A typed word is corrected against this short list (trigram index, then edit distance) instead
-- of against a million names; triggers keep it current as names are inserted, renamed and deleted.
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"uses" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
CREATE FUNCTION search_words_of(name text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select distinct w from regexp_split_to_table(lower(coalesce(name, '')), '[^[:alnum:]]+') w
  where w ~ '^[[:alpha:]]{4,}$'
$$;
--> statement-breakpoint
CREATE FUNCTION search_words_add(names text[], delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- In word order, so two transactions adding the same words lock them in the same order.
  INSERT INTO search_words (word, uses)
  SELECT w, delta * count(*) FROM unnest(names) n, search_words_of(n) w GROUP BY w ORDER BY w
  ON CONFLICT (word) DO UPDATE SET uses = search_words.uses + excluded.uses;
  IF delta < 0 THEN
    DELETE FROM search_words WHERE uses <= 0;
  END IF;
END $$;
--> statement-breakpoint
-- Statement-level for inserts and deletes (one pass over the transition table however many rows), row-level for a
-- rename (rare; transition tables cannot go with a column list, and stock updates must not pay for this).
CREATE FUNCTION search_words_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('select search_words_add(array(select %I from new_rows), 1)', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION search_words_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('select search_words_add(array(select %I from old_rows), -1)', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION search_words_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before text;
  after text;
BEGIN
  EXECUTE format('select ($1).%I, ($2).%I', TG_ARGV[0], TG_ARGV[0]) INTO before, after USING OLD, NEW;
  PERFORM search_words_add(array[before], -1);
  PERFORM search_words_add(array[after], 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_search_words_inserted" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_inserted('name');
--> statement-breakpoint
CREATE TRIGGER "products_search_words_deleted" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_deleted('name');
--> statement-breakpoint
CREATE TRIGGER "products_search_words_renamed" AFTER UPDATE OF "name" ON "products" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION search_words_renamed('name');
--> statement-breakpoint
CREATE TRIGGER "digital_services_search_words_inserted" AFTER INSERT ON "digital_services" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_inserted('name');
--> statement-breakpoint
CREATE TRIGGER "digital_services_search_words_deleted" AFTER DELETE ON "digital_services" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_deleted('name');
--> statement-breakpoint
CREATE TRIGGER "digital_services_search_words_renamed" AFTER UPDATE OF "name" ON "digital_services" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION search_words_renamed('name');
--> statement-breakpoint
CREATE TRIGGER "investigation_catalog_search_words_inserted" AFTER INSERT ON "investigation_catalog" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_inserted('name');
--> statement-breakpoint
CREATE TRIGGER "investigation_catalog_search_words_deleted" AFTER DELETE ON "investigation_catalog" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_deleted('name');
--> statement-breakpoint
CREATE TRIGGER "investigation_catalog_search_words_renamed" AFTER UPDATE OF "name" ON "investigation_catalog" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION search_words_renamed('name');
--> statement-breakpoint
CREATE TRIGGER "blog_posts_search_words_inserted" AFTER INSERT ON "blog_posts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_inserted('title');
--> statement-breakpoint
CREATE TRIGGER "blog_posts_search_words_deleted" AFTER DELETE ON "blog_posts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_deleted('title');
--> statement-breakpoint
CREATE TRIGGER "blog_posts_search_words_renamed" AFTER UPDATE OF "title" ON "blog_posts" FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title") EXECUTE FUNCTION search_words_renamed('title');
--> statement-breakpoint
CREATE TRIGGER "vendor_applications_search_words_inserted" AFTER INSERT ON "vendor_applications" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_inserted('company_name');
--> statement-breakpoint
CREATE TRIGGER "vendor_applications_search_words_deleted" AFTER DELETE ON "vendor_applications" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_deleted('company_name');
--> statement-breakpoint
CREATE TRIGGER "vendor_applications_search_words_renamed" AFTER UPDATE OF "company_name" ON "vendor_applications" FOR EACH ROW WHEN (OLD."company_name" IS DISTINCT FROM NEW."company_name") EXECUTE FUNCTION search_words_renamed('company_name');
--> statement-breakpoint
SELECT search_words_add(array(
	select name from products union all select name from digital_services union all select name from investigation_catalog
	union all select title from blog_posts union all select company_name from vendor_applications
), 1);
