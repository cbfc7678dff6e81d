-- The review of every finished game (docs/REVIEW.md): one row per game and
-- seat with the sums of the player's decisions, loss and luck, from the
-- exact values of the coaches. Computed from the entries (never typed in):
-- written in the transaction of the entry that finishes the game (and of an
-- import), deleted with the undo that reopens it. Games without a review
-- (Totwürfeln, Zehntausend Rückwärts, Dreißig tot) have no rows. The Go
-- step of this migration (reviewAllGames in storage/reviews.go) reviews
-- the finished games already stored.
CREATE TABLE reviews (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    player_id   INTEGER NOT NULL REFERENCES players (id),
    game        TEXT NOT NULL,
    options     TEXT NOT NULL,     -- games.options: group by house-rule set
    decisions   INTEGER NOT NULL,
    loss        REAL NOT NULL,     -- Σ loss of the decisions (≥ 0)
    luck        REAL NOT NULL,     -- Σ luck of the throws
    quick_turns INTEGER NOT NULL,  -- Kniffel turns entered as final dice only
    ended       INTEGER NOT NULL,  -- games.ended: charts over time
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX reviews_player ON reviews (player_id, game, options, ended);
CREATE INDEX reviews_game ON reviews (game, options, player_id);
