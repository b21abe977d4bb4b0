-- Each room's Spanish sort key (sort_key_es, migration 010) kept beside its name: rooms are sorted on every visit of
-- Comercial, the booking lists and the room lookups, and computing the key (two regular expressions) for 971 rooms took
-- 16.7 ms where sorting by a kept key takes 0.5 ms. Generated, so it follows every change of the name; a change of
-- sort_key_es must rewrite it (ALTER TABLE places ALTER COLUMN name_key SET EXPRESSION AS (sort_key_es(name))).
ALTER TABLE places ADD COLUMN name_key bytea GENERATED ALWAYS AS (sort_key_es(name)) STORED;
