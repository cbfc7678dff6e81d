-- How many entries have been taken back from a game, on any device
-- (docs/RECORD.md, "undos" of the export): sync's measure of which of two
-- versions of a game is the newer where one is a prefix of the other (an
-- undo on one device reaches the others). Raised by every undo; a sync or
-- import that takes another device's version takes its count.
ALTER TABLE games ADD COLUMN undos INTEGER NOT NULL DEFAULT 0;
