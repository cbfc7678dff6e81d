-- The first schema of wuerfelblock. Times are Unix milliseconds (UTC).
-- Pips are stored as digit strings ("111523"): small, and easy to read.

CREATE TABLE players (
    id       INTEGER PRIMARY KEY,
    name     TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE, -- Unicode lower case of name: names are unique regardless of case
    created  INTEGER NOT NULL
);

CREATE TABLE games (
    id      INTEGER PRIMARY KEY,    -- compact key for the other tables
    uuid    TEXT NOT NULL UNIQUE,   -- the stable id that export/import use
    game    TEXT NOT NULL,          -- game id (validate.GameID)
    options TEXT NOT NULL,          -- canonical JSON of the options that differ from the defaults ("{}" for none)
    status  TEXT NOT NULL CHECK (status IN ('running', 'finished', 'abandoned')),
    started INTEGER NOT NULL,
    ended   INTEGER                 -- NULL while running
);
CREATE INDEX games_started ON games (started);
CREATE INDEX games_status ON games (status, started);
CREATE INDEX games_kind ON games (game, status, ended);

-- Seat order of a game.
CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players (id),
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, player_id)
) WITHOUT ROWID;
CREATE INDEX seats_player ON seats (player_id, game_id);

-- What the players entered, append-only, numbered from 0 within the game.
-- keep NULL: no keep given; '' : an empty keep.
CREATE TABLE entries (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n        INTEGER NOT NULL,
    kind     TEXT NOT NULL CHECK (kind IN ('throw', 'void', 'stop', 'dice', 'score', 'attack')),
    roll     TEXT,
    keep     TEXT,
    fives    INTEGER NOT NULL DEFAULT 0, -- fives_as_ones
    category TEXT,
    PRIMARY KEY (game_id, n)
) WITHOUT ROWID;

-- One row per finished turn, written with the entry that ended it.
CREATE TABLE turns (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    turn       INTEGER NOT NULL,   -- from 0 within the game
    seat       INTEGER NOT NULL,
    player_id  INTEGER NOT NULL REFERENCES players (id),
    game       TEXT NOT NULL,      -- game id, copied from games for per-game statistics without a join
    points     INTEGER NOT NULL,   -- what the turn wrote down for its player (RECORD.md)
    total      INTEGER NOT NULL,   -- the player's total right after the turn
    end_kind   TEXT NOT NULL CHECK (end_kind IN ('stopped', 'bust', 'nix', 'voided', 'finished')),
    throws     INTEGER NOT NULL,
    hot_dice   INTEGER NOT NULL DEFAULT 0,
    failed     INTEGER NOT NULL DEFAULT 0, -- a bust with a confirmation or proof outstanding
    dice_left  INTEGER NOT NULL DEFAULT 0, -- Zehntausend family: dice in the cup on the last throw
    category   TEXT,                       -- Kniffel
    bonus      INTEGER NOT NULL DEFAULT 0, -- Kniffel: bonus points earned in the turn
    attack     INTEGER NOT NULL DEFAULT 0, -- Dreißig tot: pips taken from the Vordermann
    PRIMARY KEY (game_id, turn)
) WITHOUT ROWID;
CREATE INDEX turns_player ON turns (player_id, game, points);

-- What a turn did to totals (resets, transfers, attacks, bonuses, ...).
CREATE TABLE events (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    turn      INTEGER NOT NULL,
    n         INTEGER NOT NULL,
    kind      TEXT NOT NULL,
    player_id INTEGER REFERENCES players (id), -- whom it happened to (NULL: everybody)
    from_id   INTEGER REFERENCES players (id), -- who caused it
    points    INTEGER NOT NULL,
    PRIMARY KEY (game_id, turn, n)
) WITHOUT ROWID;
CREATE INDEX events_player ON events (player_id, kind);
CREATE INDEX events_from ON events (from_id, kind) WHERE from_id IS NOT NULL;

-- One row per player of a finished game, written with the entry that ended it.
CREATE TABLE results (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players (id),
    game      TEXT NOT NULL,     -- game id
    options   TEXT NOT NULL,     -- games.options: group by house-rule set
    players   INTEGER NOT NULL,  -- how many played
    total     INTEGER NOT NULL,  -- final total
    rank      INTEGER NOT NULL,  -- 1 = won; equal totals share a rank
    won       INTEGER NOT NULL,  -- 1 for every winner (shared wins count)
    ended     INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX results_player ON results (player_id, game, options, won, total);
CREATE INDEX results_game ON results (game, options, player_id, won, total);

-- House-rule presets: a game id and options under a name.
CREATE TABLE presets (
    name     TEXT NOT NULL,
    name_key TEXT NOT NULL PRIMARY KEY,
    game     TEXT NOT NULL,
    options  TEXT NOT NULL
) WITHOUT ROWID;
