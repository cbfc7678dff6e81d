-- Sync through a shared folder (wuerfelblock sync DIR, storage/sync.go).
-- (016 was taken by a migration that was reverted: a development database
-- may have it recorded, so this one is 017.)

-- This device: its stable id and the name of its own file in a sync folder.
CREATE TABLE sync_device (
    one    INTEGER PRIMARY KEY CHECK (one = 1),
    device TEXT NOT NULL,  -- random, 16 hex digits
    file   TEXT NOT NULL   -- wuerfelblock-HOST-DEVICE.jsonl
);

-- How far each file of a sync folder was read (the other devices' files)
-- or written (this device's own): the byte offset after the last whole
-- line, the size and modification time seen then (equal: nothing new), and
-- the last bytes before the offset (different: the file was replaced, and
-- is read again from its start).
CREATE TABLE sync_files (
    dir    TEXT NOT NULL,
    name   TEXT NOT NULL,
    size   INTEGER NOT NULL,
    mtime  INTEGER NOT NULL, -- Unix nanoseconds
    offset INTEGER NOT NULL,
    lines  INTEGER NOT NULL, -- whole lines before the offset
    tail   BLOB NOT NULL,
    PRIMARY KEY (dir, name)
) WITHOUT ROWID;

-- Games changed on this device since it last wrote them to its own file:
-- every entry added or taken back, every new game, every change of status.
-- changes counts them, so that a sync takes off only what it wrote (an
-- entry made while it wrote stays pending). What a sync merged in from
-- another device's file is taken off in the same transaction (it is that
-- device's news, not this one's).
CREATE TABLE sync_pending (
    game_id INTEGER PRIMARY KEY,
    changes INTEGER NOT NULL
);
INSERT INTO sync_pending (game_id, changes) SELECT id, 1 FROM games;

-- Games another device's file has continued differently: the line of
-- that version (its byte offset in the file), read again at every sync
-- until the two agree (one side took its entries back), and named again
-- meanwhile.
CREATE TABLE sync_conflicts (
    dir    TEXT NOT NULL,
    name   TEXT NOT NULL,
    game   TEXT NOT NULL,    -- games.uuid
    offset INTEGER NOT NULL, -- where the line begins
    line   INTEGER NOT NULL, -- its number, from 1
    PRIMARY KEY (dir, name, game)
) WITHOUT ROWID;

CREATE TRIGGER sync_entry_added AFTER INSERT ON entries BEGIN
    INSERT INTO sync_pending (game_id, changes) VALUES (NEW.game_id, 1)
        ON CONFLICT (game_id) DO UPDATE SET changes = changes + 1;
END;
CREATE TRIGGER sync_entry_removed AFTER DELETE ON entries BEGIN
    INSERT INTO sync_pending (game_id, changes) VALUES (OLD.game_id, 1)
        ON CONFLICT (game_id) DO UPDATE SET changes = changes + 1;
END;
CREATE TRIGGER sync_game_added AFTER INSERT ON games BEGIN
    INSERT INTO sync_pending (game_id, changes) VALUES (NEW.id, 1)
        ON CONFLICT (game_id) DO UPDATE SET changes = changes + 1;
END;
CREATE TRIGGER sync_game_status AFTER UPDATE OF status, ended ON games BEGIN
    INSERT INTO sync_pending (game_id, changes) VALUES (NEW.id, 1)
        ON CONFLICT (game_id) DO UPDATE SET changes = changes + 1;
END;
