-- A revision per game, raised by every entry and every undo, so that a copy
-- of a game that another program changed meanwhile can neither append to
-- nor take back from it (the change is refused as a conflict instead).
ALTER TABLE games ADD COLUMN rev INTEGER NOT NULL DEFAULT 0;
