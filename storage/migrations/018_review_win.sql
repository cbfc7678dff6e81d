-- The review by the chance to win (docs/REVIEW.md, issue 23): two-player
-- games of 5050, 5000 and zehntausend keep, beside the points figures, the
-- player's chance to win at the game's first turn, the luck and the loss in
-- chance to win (0–1) and the result (1 won, 1/2 shared, 0 lost):
-- result = win_start + win_luck − win_loss. NULL where the game has no such
-- review (Kniffel, three or more players, steigerung). win_exact: 1 where
-- the chances are exact. The Go step of this migration (recomputeReviews in
-- storage/reviews.go) recomputes every stored review with these columns.
ALTER TABLE reviews ADD COLUMN win_start REAL;
ALTER TABLE reviews ADD COLUMN win_luck REAL;
ALTER TABLE reviews ADD COLUMN win_loss REAL;
ALTER TABLE reviews ADD COLUMN result REAL;
ALTER TABLE reviews ADD COLUMN win_exact INTEGER;
