-- Statistics summaries, kept up to date by triggers on the summary tables of
-- 001 (turns, events, results): every write and every undo changes them in
-- the same transaction, so the statistics read a few hundred rows however
-- long the history grows, and nobody has to remember to update them.

-- One row per player, game, house-rule set, way a turn ended, dice in the
-- cup at the end and Kniffel box: counts and sums of the turns.
CREATE TABLE turn_stats (
    player_id INTEGER NOT NULL,
    game      TEXT NOT NULL,
    options   TEXT NOT NULL,     -- games.options
    end_kind  TEXT NOT NULL,
    dice_left INTEGER NOT NULL,
    category  TEXT NOT NULL,     -- Kniffel box, '' in the other games
    turns     INTEGER NOT NULL,
    points    INTEGER NOT NULL,  -- sum of turns.points
    best      INTEGER NOT NULL,  -- highest turns.points
    zeros     INTEGER NOT NULL,  -- turns with 0 points (a struck Kniffel box)
    throws    INTEGER NOT NULL,
    hot_dice  INTEGER NOT NULL,
    failed    INTEGER NOT NULL,
    bonus     INTEGER NOT NULL,
    attacks   INTEGER NOT NULL,  -- Dreißig tot: turns over 30, which attack the Vordermann
    taken     INTEGER NOT NULL,  -- Dreißig tot: pips taken from the Vordermann
    PRIMARY KEY (player_id, game, options, end_kind, dice_left, category)
) WITHOUT ROWID;

-- One row per player, role ('to': it happened to them, 'by': they caused
-- it), game, house-rule set and kind of event.
CREATE TABLE event_stats (
    player_id INTEGER NOT NULL,
    role      TEXT NOT NULL CHECK (role IN ('to', 'by')),
    game      TEXT NOT NULL,
    options   TEXT NOT NULL,
    kind      TEXT NOT NULL,
    n         INTEGER NOT NULL,
    points    INTEGER NOT NULL,
    PRIMARY KEY (player_id, role, game, options, kind)
) WITHOUT ROWID;

-- One row per player, game and house-rule set ('*': all sets of the game
-- together) over the finished games.
CREATE TABLE result_stats (
    player_id INTEGER NOT NULL,
    game      TEXT NOT NULL,
    options   TEXT NOT NULL,
    played    INTEGER NOT NULL,
    won       INTEGER NOT NULL,  -- shared wins count
    total     INTEGER NOT NULL,  -- sum of final totals
    high      INTEGER NOT NULL,  -- highest final total
    low       INTEGER NOT NULL,  -- lowest final total (the best in Zehntausend Rückwärts)
    last      INTEGER NOT NULL,  -- end of the latest game (Unix ms)
    last_game INTEGER NOT NULL,  -- games.id of the latest game
    streak    INTEGER NOT NULL,  -- wins in a row up to the latest game
    longest   INTEGER NOT NULL,  -- longest run of wins
    PRIMARY KEY (player_id, game, options)
) WITHOUT ROWID;

-- A player's finished games of a game in order: streaks, charts over time.
CREATE INDEX results_timeline ON results (player_id, game, ended, won, total, options);

-- Streaks are recomputed from results when a game arrives out of order
-- (an import of older games) or a result is taken back.
CREATE VIEW result_runs AS
SELECT k.player_id, k.game, k.options,
    (SELECT count(*) FROM results r
        WHERE r.player_id = k.player_id AND r.game = k.game AND (k.options = '*' OR r.options = k.options) AND r.won = 1
          AND NOT EXISTS (SELECT 1 FROM results l
              WHERE l.player_id = k.player_id AND l.game = k.game AND (k.options = '*' OR l.options = k.options) AND l.won = 0
                AND (l.ended, l.game_id) > (r.ended, r.game_id))) AS streak,
    (SELECT coalesce(max(c), 0) FROM (
        SELECT count(*) AS c FROM (
            SELECT r.won, row_number() OVER (ORDER BY r.ended, r.game_id)
                - row_number() OVER (PARTITION BY r.won ORDER BY r.ended, r.game_id) AS grp
            FROM results r
            WHERE r.player_id = k.player_id AND r.game = k.game AND (k.options = '*' OR r.options = k.options))
        WHERE won = 1 GROUP BY grp)) AS longest
FROM result_stats k;

CREATE TRIGGER turns_stats_insert AFTER INSERT ON turns BEGIN
    INSERT INTO turn_stats (player_id, game, options, end_kind, dice_left, category,
        turns, points, best, zeros, throws, hot_dice, failed, bonus, attacks, taken)
    SELECT NEW.player_id, NEW.game, g.options, NEW.end_kind, NEW.dice_left, coalesce(NEW.category, ''),
        1, NEW.points, NEW.points, NEW.points = 0, NEW.throws, NEW.hot_dice, NEW.failed, NEW.bonus,
        NEW.game = 'dreissig-tot' AND NEW.points > 30, NEW.attack
    FROM games g WHERE g.id = NEW.game_id
    ON CONFLICT (player_id, game, options, end_kind, dice_left, category) DO UPDATE SET
        turns = turns + 1,
        points = points + excluded.points,
        best = max(best, excluded.best),
        zeros = zeros + excluded.zeros,
        throws = throws + excluded.throws,
        hot_dice = hot_dice + excluded.hot_dice,
        failed = failed + excluded.failed,
        bonus = bonus + excluded.bonus,
        attacks = attacks + excluded.attacks,
        taken = taken + excluded.taken;
END;

CREATE TRIGGER turns_stats_delete AFTER DELETE ON turns BEGIN
    UPDATE turn_stats SET
        turns = turns - 1,
        points = points - OLD.points,
        zeros = zeros - (OLD.points = 0),
        throws = throws - OLD.throws,
        hot_dice = hot_dice - OLD.hot_dice,
        failed = failed - OLD.failed,
        bonus = bonus - OLD.bonus,
        attacks = attacks - (OLD.game = 'dreissig-tot' AND OLD.points > 30),
        taken = taken - OLD.attack,
        best = CASE WHEN OLD.points < best THEN best ELSE coalesce((
            SELECT max(t.points) FROM turns t JOIN games g ON g.id = t.game_id
            WHERE t.player_id = OLD.player_id AND t.game = OLD.game AND g.options = turn_stats.options
              AND t.end_kind = OLD.end_kind AND t.dice_left = OLD.dice_left
              AND coalesce(t.category, '') = turn_stats.category), 0) END
    WHERE player_id = OLD.player_id AND game = OLD.game
      AND options = (SELECT options FROM games WHERE id = OLD.game_id)
      AND end_kind = OLD.end_kind AND dice_left = OLD.dice_left AND category = coalesce(OLD.category, '');
    DELETE FROM turn_stats WHERE player_id = OLD.player_id AND game = OLD.game AND turns <= 0;
END;

CREATE TRIGGER events_stats_insert AFTER INSERT ON events BEGIN
    INSERT INTO event_stats (player_id, role, game, options, kind, n, points)
    SELECT x.pid, x.role, g.game, g.options, NEW.kind, 1, NEW.points
    FROM games g, (SELECT NEW.player_id AS pid, 'to' AS role UNION ALL SELECT NEW.from_id, 'by') x
    WHERE g.id = NEW.game_id AND x.pid IS NOT NULL
    ON CONFLICT (player_id, role, game, options, kind) DO UPDATE SET
        n = n + 1,
        points = points + excluded.points;
END;

CREATE TRIGGER events_stats_delete AFTER DELETE ON events BEGIN
    UPDATE event_stats SET n = n - 1, points = points - OLD.points
    WHERE kind = OLD.kind
      AND (role = 'to' AND player_id = OLD.player_id OR role = 'by' AND player_id = OLD.from_id)
      AND (game, options) = (SELECT game, options FROM games WHERE id = OLD.game_id);
    DELETE FROM event_stats WHERE kind = OLD.kind AND n <= 0;
END;

-- In time order (the usual case) a result extends or breaks the streak;
-- out of order the streaks are recomputed (streak -1 marks them).
CREATE TRIGGER results_stats_insert AFTER INSERT ON results BEGIN
    INSERT INTO result_stats (player_id, game, options, played, won, total, high, low, last, last_game, streak, longest)
    SELECT NEW.player_id, NEW.game, o.options, 1, NEW.won, NEW.total, NEW.total, NEW.total, NEW.ended, NEW.game_id, NEW.won, NEW.won
    FROM (SELECT NEW.options AS options UNION ALL SELECT '*') o WHERE true
    ON CONFLICT (player_id, game, options) DO UPDATE SET
        played = played + 1,
        won = won + excluded.won,
        total = total + excluded.total,
        high = max(high, excluded.high),
        low = min(low, excluded.low),
        streak = CASE WHEN (excluded.last, excluded.last_game) > (last, last_game)
            THEN CASE WHEN excluded.won = 1 THEN streak + 1 ELSE 0 END ELSE -1 END,
        longest = CASE WHEN (excluded.last, excluded.last_game) > (last, last_game)
            THEN max(longest, CASE WHEN excluded.won = 1 THEN streak + 1 ELSE 0 END) ELSE -1 END,
        last_game = CASE WHEN (excluded.last, excluded.last_game) > (last, last_game) THEN excluded.last_game ELSE last_game END,
        last = max(last, excluded.last);
    UPDATE result_stats SET
        streak = (SELECT streak FROM result_runs r WHERE (r.player_id, r.game, r.options) = (result_stats.player_id, result_stats.game, result_stats.options)),
        longest = (SELECT longest FROM result_runs r WHERE (r.player_id, r.game, r.options) = (result_stats.player_id, result_stats.game, result_stats.options))
    WHERE player_id = NEW.player_id AND game = NEW.game AND options IN (NEW.options, '*') AND streak < 0;
END;

-- Taking a result back (undo of a game's last entry) recomputes the rows.
CREATE TRIGGER results_stats_delete AFTER DELETE ON results BEGIN
    UPDATE result_stats SET
        played = played - 1,
        won = won - OLD.won,
        total = total - OLD.total,
        streak = -1
    WHERE player_id = OLD.player_id AND game = OLD.game AND options IN (OLD.options, '*');
    DELETE FROM result_stats WHERE player_id = OLD.player_id AND game = OLD.game AND played <= 0;
    UPDATE result_stats SET
        high = (SELECT max(r.total) FROM results r WHERE r.player_id = result_stats.player_id AND r.game = result_stats.game
            AND (result_stats.options = '*' OR r.options = result_stats.options)),
        low = (SELECT min(r.total) FROM results r WHERE r.player_id = result_stats.player_id AND r.game = result_stats.game
            AND (result_stats.options = '*' OR r.options = result_stats.options)),
        last = (SELECT max(r.ended) FROM results r WHERE r.player_id = result_stats.player_id AND r.game = result_stats.game
            AND (result_stats.options = '*' OR r.options = result_stats.options)),
        last_game = (SELECT r.game_id FROM results r WHERE r.player_id = result_stats.player_id AND r.game = result_stats.game
            AND (result_stats.options = '*' OR r.options = result_stats.options) ORDER BY r.ended DESC, r.game_id DESC LIMIT 1),
        streak = (SELECT streak FROM result_runs r WHERE (r.player_id, r.game, r.options) = (result_stats.player_id, result_stats.game, result_stats.options)),
        longest = (SELECT longest FROM result_runs r WHERE (r.player_id, r.game, r.options) = (result_stats.player_id, result_stats.game, result_stats.options))
    WHERE player_id = OLD.player_id AND game = OLD.game AND options IN (OLD.options, '*') AND streak < 0;
END;

-- The summaries of a database written before this migration.
INSERT INTO turn_stats (player_id, game, options, end_kind, dice_left, category,
    turns, points, best, zeros, throws, hot_dice, failed, bonus, attacks, taken)
SELECT t.player_id, t.game, g.options, t.end_kind, t.dice_left, coalesce(t.category, ''),
    count(*), sum(t.points), max(t.points), sum(t.points = 0), sum(t.throws), sum(t.hot_dice), sum(t.failed), sum(t.bonus),
    sum(t.game = 'dreissig-tot' AND t.points > 30), sum(t.attack)
FROM turns t JOIN games g ON g.id = t.game_id
GROUP BY 1, 2, 3, 4, 5, 6;

INSERT INTO event_stats (player_id, role, game, options, kind, n, points)
SELECT x.pid, x.role, g.game, g.options, x.kind, count(*), sum(x.points)
FROM (SELECT game_id, player_id AS pid, 'to' AS role, kind, points FROM events WHERE player_id IS NOT NULL
      UNION ALL SELECT game_id, from_id, 'by', kind, points FROM events WHERE from_id IS NOT NULL) x
JOIN games g ON g.id = x.game_id
GROUP BY 1, 2, 3, 4, 5;

INSERT INTO result_stats (player_id, game, options, played, won, total, high, low, last, last_game, streak, longest)
SELECT player_id, game, options, count(*), sum(won), sum(total), max(total), min(total), max(ended), 0, -1, -1
FROM results GROUP BY player_id, game, options
UNION ALL
SELECT player_id, game, '*', count(*), sum(won), sum(total), max(total), min(total), max(ended), 0, -1, -1
FROM results GROUP BY player_id, game;

UPDATE result_stats SET
    last_game = (SELECT r.game_id FROM results r WHERE r.player_id = result_stats.player_id AND r.game = result_stats.game
        AND (result_stats.options = '*' OR r.options = result_stats.options) ORDER BY r.ended DESC, r.game_id DESC LIMIT 1),
    streak = (SELECT streak FROM result_runs r WHERE (r.player_id, r.game, r.options) = (result_stats.player_id, result_stats.game, result_stats.options)),
    longest = (SELECT longest FROM result_runs r WHERE (r.player_id, r.game, r.options) = (result_stats.player_id, result_stats.game, result_stats.options));
