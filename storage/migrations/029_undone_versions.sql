-- The versions of each game that an entry was taken back from (undo), as
-- fingerprints (docs/RECORD.md, "undone" of the export; storage/undone.go):
-- of two versions where one is the beginning of the other, the shorter is
-- the newer only when its side took entries back from the longer one as it
-- is. A longer version that went on past an entry taken back, with entries
-- the undoing side never had, is a conflict, named on both devices (028's
-- count of undos alone let such an undo win and the other device's entries
-- be dropped without a word). The fingerprints sorted, separated by
-- spaces; empty for the games of older versions (their undos are compared
-- by games.undos alone).
ALTER TABLE games ADD COLUMN undone TEXT NOT NULL DEFAULT '';

-- Whether a remembered conflict is one of an undo (a version went on past
-- an entry the other side took back): such a conflict is not ended by the
-- shorter side's next sync taking the other version, as a divergence is
-- (sync_conflicts.go), but only by what the players decide.
ALTER TABLE sync_conflicts ADD COLUMN undo INTEGER NOT NULL DEFAULT 0;
