-- The review by the chance to win for three or more players (issue 23):
-- 5050, 5000 and zehntausend games of three or more players now keep the
-- win figures too (exact in the final round, approximated before it:
-- win_exact 0). The Go step of this migration (reviewManyPlayerGames in
-- storage/reviews.go) reviews those finished games already stored again.
SELECT 1;
