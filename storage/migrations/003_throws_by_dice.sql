-- Exact bust rates by the number of dice thrown: each turn of the
-- Zehntausend family records how many of its throws used 1, 2, … 6 dice
-- (t1..t6), and dice_stats sums them per player, game and house-rule set
-- together with the busts by the number of dice of the busting throw.
-- Turns stored before this migration have no such counts (all 0).

ALTER TABLE turns ADD COLUMN t1 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE turns ADD COLUMN t2 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE turns ADD COLUMN t3 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE turns ADD COLUMN t4 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE turns ADD COLUMN t5 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE turns ADD COLUMN t6 INTEGER NOT NULL DEFAULT 0;

CREATE TABLE dice_stats (
    player_id INTEGER NOT NULL,
    game      TEXT NOT NULL,
    options   TEXT NOT NULL,
    dice      INTEGER NOT NULL,  -- dice thrown
    throws    INTEGER NOT NULL,  -- throws with that many dice
    busts     INTEGER NOT NULL,  -- of them, throws that scored nothing
    PRIMARY KEY (player_id, game, options, dice)
) WITHOUT ROWID;

CREATE TRIGGER turns_dice_insert AFTER INSERT ON turns
WHEN NEW.t1 + NEW.t2 + NEW.t3 + NEW.t4 + NEW.t5 + NEW.t6 > 0 BEGIN
    INSERT INTO dice_stats (player_id, game, options, dice, throws, busts)
    SELECT NEW.player_id, NEW.game, g.options, d.n, d.c, NEW.end_kind IN ('bust', 'nix') AND NEW.dice_left = d.n
    FROM games g, (SELECT 1 AS n, NEW.t1 AS c UNION ALL SELECT 2, NEW.t2 UNION ALL SELECT 3, NEW.t3
        UNION ALL SELECT 4, NEW.t4 UNION ALL SELECT 5, NEW.t5 UNION ALL SELECT 6, NEW.t6) d
    WHERE g.id = NEW.game_id AND d.c > 0
    ON CONFLICT (player_id, game, options, dice) DO UPDATE SET
        throws = throws + excluded.throws,
        busts = busts + excluded.busts;
END;

CREATE TRIGGER turns_dice_delete AFTER DELETE ON turns
WHEN OLD.t1 + OLD.t2 + OLD.t3 + OLD.t4 + OLD.t5 + OLD.t6 > 0 BEGIN
    UPDATE dice_stats SET
        throws = throws - CASE dice WHEN 1 THEN OLD.t1 WHEN 2 THEN OLD.t2 WHEN 3 THEN OLD.t3
            WHEN 4 THEN OLD.t4 WHEN 5 THEN OLD.t5 ELSE OLD.t6 END,
        busts = busts - (OLD.end_kind IN ('bust', 'nix') AND OLD.dice_left = dice)
    WHERE player_id = OLD.player_id AND game = OLD.game
      AND options = (SELECT options FROM games WHERE id = OLD.game_id);
    DELETE FROM dice_stats WHERE player_id = OLD.player_id AND game = OLD.game AND throws <= 0;
END;
