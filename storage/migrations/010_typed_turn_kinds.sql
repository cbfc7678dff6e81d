-- What a turn was is the rules' business: the Go side now writes it into
-- two typed columns (scoresheet.TurnResult.Busted: the last throw scored
-- nothing, a bust or nix; .Attacked: a Dreißig-tot turn over 30 attacked
-- the Vordermann), and the summary triggers only add them up. Before this
-- migration the triggers of 002 and 003 decided both from end_kind, game
-- and points; the turns stored before it get the columns as those
-- triggers read them, so no summary changes.

ALTER TABLE turns ADD COLUMN busted INTEGER NOT NULL DEFAULT 0;
ALTER TABLE turns ADD COLUMN attacked INTEGER NOT NULL DEFAULT 0;

-- backfill:begin
UPDATE turns SET
    busted = end_kind IN ('bust', 'nix'),
    attacked = game = 'dreissig-tot' AND points > 30;
-- backfill:end

DROP TRIGGER turns_stats_insert;
CREATE TRIGGER turns_stats_insert AFTER INSERT ON turns BEGIN
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

DROP TRIGGER turns_stats_delete;
CREATE TRIGGER turns_stats_delete AFTER DELETE ON turns BEGIN
    UPDATE turn_stats SET
        turns = turns - 1,
        points = points - OLD.points,
        zeros = zeros - (OLD.points = 0),
        throws = throws - OLD.throws,
        hot_dice = hot_dice - OLD.hot_dice,
        failed = failed - OLD.failed,
        bonus = bonus - OLD.bonus,
        attacks = attacks - OLD.attacked,
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

DROP TRIGGER turns_dice_insert;
CREATE TRIGGER turns_dice_insert AFTER INSERT ON turns
WHEN NEW.t1 + NEW.t2 + NEW.t3 + NEW.t4 + NEW.t5 + NEW.t6 > 0 BEGIN
    INSERT INTO dice_stats (player_id, game, options, dice, throws, busts)
    SELECT NEW.player_id, NEW.game, g.options, d.n, d.c, NEW.busted AND NEW.dice_left = d.n
    FROM games g, (SELECT 1 AS n, NEW.t1 AS c UNION ALL SELECT 2, NEW.t2 UNION ALL SELECT 3, NEW.t3
        UNION ALL SELECT 4, NEW.t4 UNION ALL SELECT 5, NEW.t5 UNION ALL SELECT 6, NEW.t6) d
    WHERE g.id = NEW.game_id AND d.c > 0
    ON CONFLICT (player_id, game, options, dice) DO UPDATE SET
        throws = throws + excluded.throws,
        busts = busts + excluded.busts;
END;

DROP TRIGGER turns_dice_delete;
CREATE TRIGGER turns_dice_delete AFTER DELETE ON turns
WHEN OLD.t1 + OLD.t2 + OLD.t3 + OLD.t4 + OLD.t5 + OLD.t6 > 0 BEGIN
    UPDATE dice_stats SET
        throws = throws - CASE dice WHEN 1 THEN OLD.t1 WHEN 2 THEN OLD.t2 WHEN 3 THEN OLD.t3
            WHEN 4 THEN OLD.t4 WHEN 5 THEN OLD.t5 ELSE OLD.t6 END,
        busts = busts - (OLD.busted AND OLD.dice_left = dice)
    WHERE player_id = OLD.player_id AND game = OLD.game
      AND options = (SELECT options FROM games WHERE id = OLD.game_id);
    DELETE FROM dice_stats WHERE player_id = OLD.player_id AND game = OLD.game AND throws <= 0;
END;
