-- An import stores whole games: adding each turn to the summaries row by
-- row (up to seven upserts a turn) was most of its work. A turn written
-- with summed = 1 leaves turn_stats and dice_stats to its writer, which adds
-- the game's turns to them in one grouped statement each, in the same
-- transaction (storage/export.go, sumTurns). Every other turn (an entry in
-- play, an import bringing a game up to date, another program) is summed by
-- the triggers as before; taking a turn back subtracts it either way.

ALTER TABLE turns ADD COLUMN summed INTEGER NOT NULL DEFAULT 0;

DROP TRIGGER turns_stats_insert;
CREATE TRIGGER turns_stats_insert AFTER INSERT ON turns
WHEN NEW.summed = 0 BEGIN
    INSERT INTO turn_stats (player_id, game, options, end_kind, dice_left, category,
        turns, points, best, zeros, throws, hot_dice, failed, bonus, attacks, taken)
    SELECT NEW.player_id, NEW.game, g.options, NEW.end_kind, NEW.dice_left, coalesce(NEW.category, ''),
        1, NEW.points, NEW.points, NEW.points = 0, NEW.throws, NEW.hot_dice, NEW.failed, NEW.bonus,
        NEW.attacked, NEW.attack
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

DROP TRIGGER turns_dice_insert;
CREATE TRIGGER turns_dice_insert AFTER INSERT ON turns
WHEN NEW.summed = 0 AND NEW.t1 + NEW.t2 + NEW.t3 + NEW.t4 + NEW.t5 + NEW.t6 > 0 BEGIN
    INSERT INTO dice_stats (player_id, game, options, dice, throws, busts)
    SELECT NEW.player_id, NEW.game, g.options, d.n, d.c, NEW.busted AND NEW.dice_left = d.n
    FROM games g, (SELECT 1 AS n, NEW.t1 AS c UNION ALL SELECT 2, NEW.t2 UNION ALL SELECT 3, NEW.t3
        UNION ALL SELECT 4, NEW.t4 UNION ALL SELECT 5, NEW.t5 UNION ALL SELECT 6, NEW.t6) d
    WHERE g.id = NEW.game_id AND d.c > 0
    ON CONFLICT (player_id, game, options, dice) DO UPDATE SET
        throws = throws + excluded.throws,
        busts = busts + excluded.busts;
END;
