-- Search keeps what the word list says of typed words (the lexemes a word begins, the name words within a few edits
-- of it) in each app instance (decision 029). Those answers change only when a word is added to the list or removed
-- from it, or becomes or stops being a name word (`named` above zero: corrections are drawn from name words only);
-- the count updates of every other insert change nothing. Such a change is announced on the change feed as `words:`
-- (migration 0008's channel), folded to one notification per transaction.
CREATE FUNCTION notify_search_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('app_changes', 'words:');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "search_words_added_or_removed" AFTER INSERT OR DELETE ON "search_words" FOR EACH ROW EXECUTE FUNCTION notify_search_words_changed();
--> statement-breakpoint
CREATE TRIGGER "search_words_named_changed" AFTER UPDATE OF "named" ON "search_words" FOR EACH ROW WHEN ((OLD."named" > 0) IS DISTINCT FROM (NEW."named" > 0)) EXECUTE FUNCTION notify_search_words_changed();
--> statement-breakpoint
CREATE TRIGGER "search_words_truncated" AFTER TRUNCATE ON "search_words" FOR EACH STATEMENT EXECUTE FUNCTION notify_search_words_changed();
