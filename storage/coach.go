package storage

import (
	"context"
	"database/sql"

	"fmt"
)

// CoachLevel is how much the coach says while a game is played: nothing,
// the chances and values of the position, or also the best choice.
type CoachLevel string

const (
	CoachOff    CoachLevel = "off"
	CoachOdds   CoachLevel = "odds"   // the default ("Chancen")
	CoachAdvice CoachLevel = "advice" // also the best keep, hold or box ("Rat")
)

// CoachLevels are the levels in the order the app cycles through them.
var CoachLevels = []CoachLevel{CoachOff, CoachOdds, CoachAdvice}

// Valid reports whether c is one of the levels.
func (c CoachLevel) Valid() bool {
	return c == CoachOff || c == CoachOdds || c == CoachAdvice
}

// Next is the level after c, from advice back to off.
func (c CoachLevel) Next() CoachLevel {
	for i, l := range CoachLevels {
		if l == c {
			return CoachLevels[(i+1)%len(CoachLevels)]
		}
	}
	return CoachOdds
}

// SetCoach stores the coach level of a game. It is no entry of the game: it
// changes neither the game's revision nor its record. The game is one
// loaded before: when it is no longer in the database (a restore, another
// program) the refusal is CodeGameGone, as for an entry.
func (db *DB) SetCoach(ctx context.Context, id string, level CoachLevel) error {
	if !level.Valid() {
		return fmt.Errorf("storage: no coach level %q", level)
	}
	uid, err := NormalizeID(id)
	if err != nil {
		return err
	}
	return db.update(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE games SET coach = ? WHERE uuid = ?`, string(level), uid)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err == nil && n == 0 {
			return newErr(CodeGameGone, nil, id) // a restore or another program took it out
		}
		return nil
	})
}
