package storage

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
)

// Player is someone who plays at the table.
type Player struct {
	ID         int64
	Name       string
	LastPlayed time.Time // start of the latest game; zero without games
	Games      int
}

// nameKey is what makes two names the same player: case does not count.
func nameKey(name string) string { return strings.ToLower(name) }

// CleanName is the name as AddPlayer and RenamePlayer store it, or why it
// cannot be stored.
func CleanName(name string) (string, error) { return cleanName(name) }

// cleanName returns a name fit to be stored: a valid name as it is, else
// the name without control characters, escape sequences and stray spaces,
// if that is valid.
func cleanName(name string) (string, error) {
	if scoresheet.CheckName(name) == nil {
		return name, nil
	}
	n := scoresheet.CleanName(name)
	if n == "" && strings.TrimSpace(name) != "" {
		// Nothing but control characters and escape sequences: said so of
		// what was typed (it said "it is empty").
		return "", scoresheet.CheckName(name)
	}
	if err := scoresheet.CheckName(n); err != nil {
		return "", err
	}
	return n, nil
}

// Players lists every player, most recently played first, then by name.
func (db *DB) Players(ctx context.Context) ([]Player, error) {
	var out []Player
	err := db.view(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `
			SELECT p.id, p.name, count(g.id), max(g.started)
			FROM players p
			LEFT JOIN seats s ON s.player_id = p.id
			LEFT JOIN games g ON g.id = s.game_id
			GROUP BY p.id
			ORDER BY max(g.started) DESC NULLS LAST, p.name_key`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var p Player
			var last sql.NullInt64
			if err := rows.Scan(&p.ID, &p.Name, &p.Games, &last); err != nil {
				return err
			}
			if last.Valid {
				p.LastPlayed = time.UnixMilli(last.Int64)
			}
			out = append(out, p)
		}
		return rows.Err()
	})
	return out, err
}

// AddPlayer adds a new player. The name is cleaned of control characters and
// escape sequences; a name that is taken (in any case) is refused.
func (db *DB) AddPlayer(ctx context.Context, name string) (Player, error) {
	var p Player
	err := db.update(ctx, func(tx *sql.Tx) error {
		clean, err := cleanName(name)
		if err != nil {
			return err
		}
		if old, err := findPlayer(ctx, tx, clean); err == nil {
			return newErr(CodePlayerExists, nil, old.Name)
		} else if ErrorCode(err) != CodeNotFound {
			return err
		}
		p, err = insertPlayer(ctx, tx, clean, db.now())
		return err
	})
	return p, err
}

// EnsurePlayer returns the player of that name (in any case), adding them
// when they are new.
func (db *DB) EnsurePlayer(ctx context.Context, name string) (Player, error) {
	var p Player
	err := db.update(ctx, func(tx *sql.Tx) error {
		var err error
		p, err = ensurePlayer(ctx, tx, name, db.now())
		return err
	})
	return p, err
}

// RenamePlayer gives a player a new name; their games go with them. Only
// the case of a name may change to a name that is taken.
func (db *DB) RenamePlayer(ctx context.Context, oldName, newName string) error {
	return db.update(ctx, func(tx *sql.Tx) error {
		p, err := findPlayer(ctx, tx, oldName)
		if err != nil {
			return err
		}
		clean, err := cleanName(newName)
		if err != nil {
			return err
		}
		if other, err := findPlayer(ctx, tx, clean); err == nil && other.ID != p.ID {
			return newErr(CodePlayerExists, nil, other.Name)
		} else if err != nil && ErrorCode(err) != CodeNotFound {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE players SET name = ?, name_key = ? WHERE id = ?`, clean, nameKey(clean), p.ID)
		return err
	})
}

// DeletePlayer removes a player who has no games.
func (db *DB) DeletePlayer(ctx context.Context, name string) error {
	return db.update(ctx, func(tx *sql.Tx) error {
		p, err := findPlayer(ctx, tx, name)
		if err != nil {
			return err
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM seats WHERE player_id = ?`, p.ID).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return newErr(CodeHasGames, nil, p.Name, n)
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM players WHERE id = ?`, p.ID)
		return err
	})
}

func findPlayer(ctx context.Context, tx *sql.Tx, name string) (Player, error) {
	var p Player
	err := tx.QueryRowContext(ctx, `SELECT id, name FROM players WHERE name_key = ?`, nameKey(strings.TrimSpace(name))).Scan(&p.ID, &p.Name)
	if errors.Is(err, sql.ErrNoRows) {
		return Player{}, notFound("player", name)
	}
	return p, err
}

func insertPlayer(ctx context.Context, tx *sql.Tx, name string, now time.Time) (Player, error) {
	res, err := tx.ExecContext(ctx, `INSERT INTO players (name, name_key, created) VALUES (?, ?, ?)`, name, nameKey(name), now.UnixMilli())
	if err != nil {
		return Player{}, err
	}
	id, err := res.LastInsertId()
	return Player{ID: id, Name: name}, err
}

func ensurePlayer(ctx context.Context, tx *sql.Tx, name string, now time.Time) (Player, error) {
	clean, err := cleanName(name)
	if err != nil {
		return Player{}, err
	}
	p, err := findPlayer(ctx, tx, clean)
	if ErrorCode(err) == CodeNotFound {
		return insertPlayer(ctx, tx, clean, now)
	}
	return p, err
}
