package storage

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Problem is one thing Check found wrong, said in English and German.
type Problem struct {
	EN, DE string
}

// Text is the problem in l.
func (p Problem) Text(l validate.Lang) string {
	if l == validate.German {
		return p.DE
	}
	return p.EN
}

func problemf(en, de string, args ...any) Problem {
	return Problem{EN: fmt.Sprintf(en, args...), DE: fmt.Sprintf(de, args...)}
}

// maxProblems is how many problems of one kind Check lists.
const maxProblems = 20

// QuickCheck runs SQLite's quick_check of the whole file: a damaged file
// comes back as a CodeDamaged error (and the database refuses every later
// write); a pass is recorded (FullCheckDue).
func (db *DB) QuickCheck(ctx context.Context) error { return db.quickCheck(ctx, true) }

// quickCheck is QuickCheck; record says whether a pass is recorded.
func (db *DB) quickCheck(ctx context.Context, record bool) error {
	var first string
	err := db.view(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `PRAGMA quick_check(1)`).Scan(&first)
	})
	if err != nil {
		return err
	}
	if first != "ok" {
		db.markDamaged()
		return newErr(CodeDamaged, nil, db.path, checkFound)
	}
	db.passed()
	if record {
		db.recordCheck(ctx, "quick_check")
	} else {
		db.wholeAt.Store(db.now().UnixMilli())
	}
	return nil
}

// Check runs every check there is and lists what is wrong (nothing when
// all is well): SQLite's integrity_check and foreign_key_check, every game
// replayed through the rules and compared with its stored turns and
// results, and the statistics tables compared with a recomputation from
// the turns, events and results. It only reads, but for recording that
// the file passed integrity_check (FullCheckDue). progress, if not nil, is
// told each step's name.
func (db *DB) Check(ctx context.Context, progress func(step string)) ([]Problem, error) {
	var out []Problem
	step := func(s string) {
		if progress != nil {
			progress(s)
		}
	}
	intact := false
	err := db.view(ctx, func(tx *sql.Tx) error {
		step("integrity_check")
		rows, err := tx.QueryContext(ctx, fmt.Sprintf(`PRAGMA integrity_check(%d)`, maxProblems))
		if err != nil {
			return err
		}
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				rows.Close()
				return err
			}
			if s != "ok" {
				out = append(out, problemf("SQLite integrity_check: %s", "SQLite integrity_check: %s", shortText(s)))
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if len(out) > 0 {
			db.markDamaged()
			return nil // a damaged file: reading on would only find more of the same
		}
		intact = true
		step("foreign_key_check")
		rows, err = tx.QueryContext(ctx, `PRAGMA foreign_key_check`)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var table, parent string
			var rowid sql.NullInt64
			var fk int
			if err := rows.Scan(&table, &rowid, &parent, &fk); err != nil {
				rows.Close()
				return err
			}
			if n++; n <= maxProblems {
				out = append(out, problemf("table %s, row %d: refers to a missing row of %s",
					"Tabelle %s, Zeile %d: verweist auf eine fehlende Zeile von %s", table, rowid.Int64, parent))
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		step("games")
		ps, err := db.checkGames(ctx, tx, step)
		if err != nil {
			return err
		}
		out = append(out, ps...)
		step("statistics")
		ps, err = checkStats(ctx, tx)
		out = append(out, ps...)
		return err
	})
	if intact {
		db.passed()
		db.recordCheck(ctx, "integrity_check")
	}
	return out, err
}

// checkGames replays every game and compares its summaries; step is told
// "games N/M" every 1,000 games.
func (db *DB) checkGames(ctx context.Context, tx *sql.Tx, step func(string)) ([]Problem, error) {
	ids, err := gameIDs(ctx, tx)
	if err != nil {
		return nil, err
	}
	var out []Problem
	add := func(p Problem) {
		if len(out) < maxProblems {
			out = append(out, p)
		}
	}
	for i, id := range ids {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		if i > 0 && i%1000 == 0 {
			step(fmt.Sprintf("games %d/%d", i, len(ids)))
		}
		sg, err := loadGame(ctx, tx, id)
		if ErrorCode(err) == CodeReplay {
			add(Problem{EN: Localize(err, validate.English), DE: Localize(err, validate.German)})
			continue
		}
		if err != nil {
			return out, err
		}
		if ok, err := checkTurns(ctx, tx, id, sg, add); err != nil || !ok {
			if err != nil {
				return out, err
			}
			continue
		}
		if err := checkResults(ctx, tx, id, sg, add); err != nil {
			return out, err
		}
	}
	return out, nil
}

// gameIDs lists the ids of every game, oldest first.
func gameIDs(ctx context.Context, tx *sql.Tx) ([]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT uuid FROM games ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// storedTurn is a turn summary as check compares it.
type storedTurn struct {
	seat, points, total, throws, events int
	end                                 string
}

// checkTurns compares the stored turn summaries of game sg with its
// replay; ok is false when their number differs (nothing more to compare).
func checkTurns(ctx context.Context, tx *sql.Tx, id string, sg *StoredGame, add func(Problem)) (ok bool, err error) {
	stored, err := storedTurns(ctx, tx, sg.row)
	if err != nil {
		return false, err
	}
	turns := sg.Game.Turns()
	if len(stored) != len(turns) {
		add(problemf("game %s: %d turns stored, the replay has %d", "Spiel %s: %d Züge gespeichert, das Nachspielen ergibt %d", id, len(stored), len(turns)))
		return false, nil
	}
	for i, tr := range turns {
		r := stored[i]
		if r.seat != tr.Seat || r.points != tr.Points || r.total != tr.Totals[tr.Seat] || r.end != endKinds[tr.End] || r.throws != tr.Throws || r.events != len(tr.Events) {
			add(problemf("game %s, turn %d: the stored summary differs from the replay", "Spiel %s, Zug %d: die gespeicherte Zusammenfassung weicht vom Nachspielen ab", id, i+1))
			break
		}
	}
	return true, nil
}

func storedTurns(ctx context.Context, tx *sql.Tx, row int64) ([]storedTurn, error) {
	trs, err := tx.QueryContext(ctx, `SELECT seat, points, total, end_kind, throws,
		(SELECT count(*) FROM events e WHERE e.game_id = t.game_id AND e.turn = t.turn)
		FROM turns t WHERE game_id = ? ORDER BY turn`, row)
	if err != nil {
		return nil, err
	}
	defer trs.Close()
	var stored []storedTurn
	for trs.Next() {
		var r storedTurn
		if err := trs.Scan(&r.seat, &r.points, &r.total, &r.end, &r.throws, &r.events); err != nil {
			return nil, err
		}
		stored = append(stored, r)
	}
	return stored, trs.Err()
}

// checkResults compares game sg's status and stored results with its replay.
func checkResults(ctx context.Context, tx *sql.Tx, id string, sg *StoredGame, add func(Problem)) error {
	g := sg.Game
	var results, won int
	if err := tx.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(won), 0) FROM results WHERE game_id = ?`, sg.row).Scan(&results, &won); err != nil {
		return err
	}
	switch {
	case g.Finished() && (sg.Status != Finished || results != len(g.Players) || won != len(g.Winners())):
		add(problemf("game %s is over, but it is stored as %s with %d results", "Spiel %s ist zu Ende, ist aber als %s mit %d Ergebnissen gespeichert", id, sg.Status, results))
	case !g.Finished() && (sg.Status == Finished || results != 0):
		add(problemf("game %s is not over, but it is stored as %s with %d results", "Spiel %s ist nicht zu Ende, ist aber als %s mit %d Ergebnissen gespeichert", id, sg.Status, results))
	case g.Finished():
		totals := g.Totals()
		for seat := range g.Players {
			var total, w int
			if err := tx.QueryRowContext(ctx, `SELECT total, won FROM results WHERE game_id = ? AND seat = ?`, sg.row, seat).Scan(&total, &w); err != nil {
				return err
			}
			if total != totals[seat] || (w == 1) != slices.Contains(g.Winners(), seat) {
				add(problemf("game %s: the stored result of seat %d differs from the replay", "Spiel %s: das gespeicherte Ergebnis von Platz %d weicht vom Nachspielen ab", id, seat+1))
				break
			}
		}
	}
	return nil
}

// The statistics tables, and how to recompute each from the summaries.
var statsChecks = []struct {
	table, columns, recompute string
}{
	{"turn_stats", "player_id, game, options, end_kind, dice_left, category, turns, points, best, zeros, throws, hot_dice, failed, bonus, attacks, taken", `
		SELECT t.player_id, t.game, g.options, t.end_kind, t.dice_left, coalesce(t.category, ''),
			count(*), sum(t.points), max(t.points), sum(t.points = 0), sum(t.throws), sum(t.hot_dice), sum(t.failed), sum(t.bonus),
			sum(t.attacked), sum(t.attack)
		FROM turns t JOIN games g ON g.id = t.game_id
		GROUP BY 1, 2, 3, 4, 5, 6`},
	{"event_stats", "player_id, role, game, options, kind, n, points", `
		SELECT x.pid, x.role, g.game, g.options, x.kind, count(*), sum(x.points)
		FROM (SELECT game_id, player_id AS pid, 'to' AS role, kind, points FROM events WHERE player_id IS NOT NULL
			UNION ALL SELECT game_id, from_id, 'by', kind, points FROM events WHERE from_id IS NOT NULL) x
		JOIN games g ON g.id = x.game_id
		GROUP BY 1, 2, 3, 4, 5`},
	{"result_stats", "player_id, game, options, played, won, total, high, low, last", `
		SELECT player_id, game, options, count(*), sum(won), sum(total), max(total), min(total), max(ended)
		FROM results GROUP BY player_id, game, options
		UNION ALL
		SELECT player_id, game, '*', count(*), sum(won), sum(total), max(total), min(total), max(ended)
		FROM results GROUP BY player_id, game`},
	{"dice_stats", "player_id, game, options, dice, throws, busts", `
		SELECT t.player_id, t.game, g.options, d.n, sum(CASE d.n WHEN 1 THEN t.t1 WHEN 2 THEN t.t2 WHEN 3 THEN t.t3 WHEN 4 THEN t.t4 WHEN 5 THEN t.t5 ELSE t.t6 END),
			sum(t.end_kind IN ('bust', 'nix') AND t.dice_left = d.n)
		FROM turns t JOIN games g ON g.id = t.game_id,
			(SELECT 1 AS n UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6) d
		WHERE CASE d.n WHEN 1 THEN t.t1 WHEN 2 THEN t.t2 WHEN 3 THEN t.t3 WHEN 4 THEN t.t4 WHEN 5 THEN t.t5 ELSE t.t6 END > 0
		GROUP BY 1, 2, 3, 4`},
}

// checkStats compares the statistics tables with a recomputation.
func checkStats(ctx context.Context, tx *sql.Tx) ([]Problem, error) {
	var out []Problem
	for _, c := range statsChecks {
		var missing, extra int
		q := fmt.Sprintf(`SELECT (SELECT count(*) FROM (SELECT * FROM (%[3]s) EXCEPT SELECT %[2]s FROM %[1]s)),
			(SELECT count(*) FROM (SELECT %[2]s FROM %[1]s EXCEPT SELECT * FROM (%[3]s)))`, c.table, c.columns, c.recompute)
		if err := tx.QueryRowContext(ctx, q).Scan(&missing, &extra); err != nil {
			return out, err
		}
		if n := max(missing, extra); n == 1 {
			out = append(out, problemf("statistics table %s: 1 row differs from a recomputation from the games",
				"Statistiktabelle %s: 1 Zeile weicht von einer Neuberechnung aus den Spielen ab", c.table))
		} else if n > 1 {
			out = append(out, problemf("statistics table %s: %d rows differ from a recomputation from the games",
				"Statistiktabelle %s: %d Zeilen weichen von einer Neuberechnung aus den Spielen ab", c.table, n))
		}
	}
	var streaks int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM result_stats s JOIN result_runs r USING (player_id, game, options)
		WHERE s.streak != r.streak OR s.longest != r.longest`).Scan(&streaks); err != nil {
		return out, err
	}
	if streaks > 0 {
		out = append(out, problemf("statistics table result_stats: %d winning streaks differ from a recomputation",
			"Statistiktabelle result_stats: %d Siegesserien weichen von einer Neuberechnung ab", streaks))
	}
	return out, nil
}

// shortText is a message from SQLite or a file, cut and made safe to print.
func shortText(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if rs := []rune(s); len(rs) > 200 {
		s = string(rs[:200]) + "…"
	}
	return safe(s)
}

func safe(s string) string { return scoresheet.SafeText(s) }
