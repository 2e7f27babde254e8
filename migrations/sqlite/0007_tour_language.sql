-- Each tour speaks one language: its public posts, its pictures and its tour book are worded
-- in it (`en`, `fr` or `nl`, the languages of the message catalogue). Tours stored before this
-- release spoke English.
ALTER TABLE tours ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
