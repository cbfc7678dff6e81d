-- Dreißig tot is reviewed (issue 24): in percentage points of the chance to
-- win with 2 to 4 players and hundert (in pips otherwise, which the
-- statistics do not keep). The Go step of this migration
-- (reviewDreissigGames in storage/reviews.go) reviews the finished games
-- of Dreißig tot already stored that have no review rows yet.
SELECT 1;
