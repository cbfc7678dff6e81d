package storage

import (
	"context"
	"database/sql"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Preset is a set of house rules saved under a name ("Zehntausend bei Oma").
type Preset struct {
	Name    string
	Game    string
	Options map[string]any // option id → bool, int or []int; defaults may be left out
}

// Rules makes the preset's rules.
func (p Preset) Rules() (*validate.Rules, error) {
	return validate.ParseRules(p.Game, validate.RawOptionsOf(p.Options))
}

// SavePreset saves a preset, replacing one of the same name (in any case).
// Its options are checked against the game's house rules.
func (db *DB) SavePreset(ctx context.Context, p Preset) error {
	name, err := cleanName(p.Name)
	if err != nil {
		return err
	}
	r, err := p.Rules()
	if err != nil {
		return err
	}
	return db.update(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO presets (name, name_key, game, options) VALUES (?, ?, ?, ?)
			ON CONFLICT (name_key) DO UPDATE SET name = excluded.name, game = excluded.game, options = excluded.options`,
			name, nameKey(name), string(r.Game), optionsKey(r))
		return err
	})
}

// Presets lists the presets of a game ("" for every game), by name.
func (db *DB) Presets(ctx context.Context, game string) ([]Preset, error) {
	var out []Preset
	err := db.view(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT name, game, options FROM presets WHERE ? = '' OR game = ? ORDER BY name_key`, game, game)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var p Preset
			var options string
			if err := rows.Scan(&p.Name, &p.Game, &options); err != nil {
				return err
			}
			p.Options = optionsMap(p.Game, options)
			out = append(out, p)
		}
		return rows.Err()
	})
	return out, err
}

// DeletePreset deletes a preset by name (in any case).
func (db *DB) DeletePreset(ctx context.Context, name string) error {
	return db.update(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM presets WHERE name_key = ?`, nameKey(name))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			if err == nil {
				err = notFound("preset", name)
			}
			return err
		}
		return nil
	})
}
