-- Edit distance for the search's typo fallback (issue 18): a title word within one or two edits of a typed word
-- (a transposition, a missing or wrong letter) counts as that word.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
