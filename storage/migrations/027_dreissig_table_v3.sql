-- The Dreißig-tot tables of three and four players are solved another way
-- (coach/dreissig format v3: each ring solved and checked from its last
-- position back), which settles more rings and so changes chances where
-- best play had no fixed point before. The Go step of this migration
-- (reviewDreissigAgain in storage/reviews.go) reviews the finished
-- Dreißig-tot games of three or more players already stored again, so that
-- a stored review stays what a review of the game gives now (two players'
-- and hundert's tables are unchanged).
SELECT 1;
