-- Kniffel games of two or more players are reviewed by the chance to win
-- from round 11 on (issue 23; docs/REVIEW.md): their review rows gain the
-- win columns of migration 018 (win_start: the chance at the start of round
-- 11). The Go step of this migration (reviewKniffelWinGames in
-- storage/reviews_kniffel.go) recomputes the stored reviews of those games.
SELECT 1;
