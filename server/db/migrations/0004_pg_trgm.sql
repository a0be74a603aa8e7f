-- Trigram similarity, so search still finds a name typed with a typo.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
