-- The salt each stage's seed is sealed with, as SQLite's 0009 (see there).
ALTER TABLE stages ADD COLUMN salt TEXT;
