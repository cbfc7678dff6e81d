-- The stored reviews of games with a final round (5050, zehntausend) of
-- four or more players follow the chance to win too (coach/win's final
-- round with several seats after the mover got fast enough for the import;
-- internal/reviewer.StoredWinPlayers). Before, their rows kept the points
-- alone (the win columns NULL). The Go step of this migration
-- (reviewBigFinalRounds in storage/reviews_big_final.go) reviews those
-- finished games already stored again, with progress as in migration 018.
SELECT 1;
