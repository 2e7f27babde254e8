-- Each stage keeps the options it was set up with: the tour's options as its ruleset prepared
-- them for this stage (a time trial, the weather the stage before ended in). A stage is rebuilt
-- from these after a restart. Stages stored before this release rode the tour's own options:
-- NULL says so.
ALTER TABLE stages ADD COLUMN options TEXT;
