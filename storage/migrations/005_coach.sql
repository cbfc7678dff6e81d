-- The coach level of a game (what the turn panel says about the best play):
-- 'off', 'odds' (the default: chances and values) or 'advice' (also the best
-- keep, hold or box). Chosen in the new-game form, switchable during play.
ALTER TABLE games ADD COLUMN coach TEXT NOT NULL DEFAULT 'odds' CHECK (coach IN ('off', 'odds', 'advice'));
