-- The Dreißig-tot tables of three and four players start each ring from
-- another guess (coach/dreissig format v4: x_0's value multilinear in three
-- accounts through its neighbours), which changes the plays kept where
-- best play has no fixed point, and with them chances above those rings.
-- The Go step of this migration (reviewDreissigAgain in storage/reviews.go,
-- as migration 027's) reviews the finished Dreißig-tot games of three or
-- more players already stored again, so that a stored review stays what a
-- review of the game gives now (two players' and hundert's tables are
-- unchanged).
SELECT 1;
