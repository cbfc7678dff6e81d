package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/wuerfelblock/wuerfelblock/coach/review"
	"github.com/wuerfelblock/wuerfelblock/internal/say"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/storage/generate"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

func runStats(e *env, args []string) int {
	fs := newFlags(e, "stats", "[--player NAME] [--game ID] [--vs NAME] [--json | --csv]")
	player := fs.String("player", "", e.tr("one player's figures", "die Zahlen eines Spielers"))
	game := fs.String("game", "", e.tr("one game (5050, 5000, zehntausend, …)", "ein Spiel (5050, 5000, zehntausend, …)"))
	vs := fs.String("vs", "", e.tr("head-to-head of --player against this player", "direkter Vergleich von --player mit diesem Spieler"))
	asJSON := fs.Bool("json", false, e.tr("print JSON", "als JSON ausgeben"))
	asCSV := fs.Bool("csv", false, e.tr("print CSV, one row per player, game and house-rule set (options \"all\": all house rules together)", "als CSV ausgeben, eine Zeile je Spieler, Spiel und Hausregeln (options \"all\": alle Hausregeln zusammen)"))
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	bad := func(msg string) int {
		fmt.Fprintf(e.stderr, "wuerfelblock stats: %s\n", msg)
		return exitInput
	}
	switch {
	case len(pos) > 0:
		return bad(e.tr("no arguments besides the flags, not ", "keine Argumente außer den Optionen, nicht ") + strconv.Quote(pos[0]))
	case *asJSON && *asCSV:
		return bad(e.tr("--json or --csv, not both", "--json oder --csv, nicht beides"))
	case *vs != "" && *player == "":
		return bad(e.tr("--vs needs --player: stats --player Anna --vs Ben", "--vs braucht --player: stats --player Anna --vs Ben"))
	case *vs != "" && strings.EqualFold(strings.TrimSpace(*vs), strings.TrimSpace(*player)):
		return bad(e.tr("--vs needs another player than --player", "--vs braucht einen anderen Spieler als --player"))
	}
	if *game != "" {
		info, err := validate.LookupGame(*game)
		if err != nil {
			return e.fail("stats", err)
		}
		*game = string(info.ID)
	}
	return e.withDB("stats", func(ctx context.Context, db *storage.DB) int {
		if *vs != "" {
			h, err := db.HeadToHead(ctx, *player, *vs, *game)
			if err != nil {
				return e.statsFail(err)
			}
			switch {
			case *asJSON:
				return writeJSON(e, headToHeadJSON(h))
			case *asCSV:
				return writeHeadToHeadCSV(e, h)
			}
			printHeadToHead(e, h)
			return exitOK
		}
		ps, err := db.Stats(ctx, storage.StatsFilter{Player: *player, Game: *game})
		if err != nil {
			return e.statsFail(err)
		}
		switch {
		case *asJSON:
			if ps == nil {
				ps = []storage.PlayerStats{}
			}
			out := map[string]any{"players": ps}
			if bp := byPlayAll(ps); len(bp) > 0 {
				out["by_play"] = bp
			}
			return writeJSON(e, out)
		case *asCSV:
			return writeStatsCSV(e, ps)
		case *player != "":
			printPlayer(e, ps, *player)
		default:
			printLeaderboard(e, ps)
		}
		return exitOK
	})
}

// statsFail says why the statistics cannot be given: a player named
// with --player or --vs who does not exist is bad input (2), as every
// other bad option of stats is, and players lists who does.
func (e *env) statsFail(err error) int {
	if storage.ErrorCode(err) != storage.CodeNotFound {
		return e.dbFail("stats", err)
	}
	fmt.Fprintf(e.stderr, "wuerfelblock stats: %s%s\n", e.errText(err),
		e.tr(" ('wuerfelblock players' lists the players)", " ('wuerfelblock players' listet die Spieler auf)"))
	return exitInput
}

func writeJSON(e *env, v any) int {
	if err := e.printJSON(v); err != nil {
		return e.fail("stats", err)
	}
	return exitOK
}

// gameIDs are the games in the app's order.
func gameIDs() []string {
	var out []string
	for _, g := range validate.Games() {
		out = append(out, string(g.ID))
	}
	return out
}

func gameName(e *env, id string) string {
	info, err := validate.LookupGame(id)
	if err != nil {
		return id
	}
	return info.Name(e.lang)
}

func pct(r float64) string { return fmt.Sprintf("%.0f%%", 100*r) }

// dec1 is a number with one decimal, with a decimal comma in German ("36,0")
// and a true minus.
func dec1(lang validate.Lang, v float64) string {
	return say.New(lang).Number(v, 1)
}

// num0 is a whole number rounded from v, with a true minus ("−9").
func num0(lang validate.Lang, v float64) string {
	return say.New(lang).Number(v, 0)
}

func day(t time.Time) string {
	if t.IsZero() {
		return "–"
	}
	return t.Local().Format("2006-01-02")
}

// Standing is a player's line on a game's leaderboard.
type standing struct {
	name string
	f    storage.Figures
}

// leaderboard orders a game's players (storage.Leaderboard).
func leaderboard(ps []storage.PlayerStats, game string) []standing {
	figures := func(i int) *storage.Figures {
		if g := ps[i].Games[game]; g != nil {
			return &g.Figures
		}
		return nil
	}
	var out []standing
	for _, i := range storage.Leaderboard(validate.GameID(game), len(ps), figures) {
		out = append(out, standing{ps[i].Name, *figures(i)})
	}
	return out
}

func printLeaderboard(e *env, ps []storage.PlayerStats) {
	any := false
	for _, id := range gameIDs() {
		rows := leaderboard(ps, id)
		if len(rows) == 0 {
			continue
		}
		if any {
			fmt.Fprintln(e.stdout)
		}
		any = true
		fmt.Fprintf(e.stdout, "%s\n", gameName(e, id))
		w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(w, e.tr("#\tplayer\tgames\twon\twin rate\taverage\tbest\tstreak\tlongest\tlast played\t",
			"#\tSpieler\tSpiele\tSiege\tQuote\tSchnitt\tbestes\tSerie\tlängste\tzuletzt\t"))
		for i, r := range rows {
			fmt.Fprintf(w, "%d\t%s\t%d\t%d\t%s\t%s\t%s\t%d\t%d\t%s\t\n", i+1, r.name, r.f.Played, r.f.Won,
				pct(r.f.WinRate), num0(e.lang, r.f.AvgTotal), say.Int(r.f.BestTotal), r.f.Streak, r.f.LongestStreak, day(r.f.LastPlayed))
		}
		w.Flush()
		if validate.VariantOf(validate.GameID(id)).LowerWins {
			fmt.Fprintln(e.stdout, e.tr("(order: wins per game, then the lowest average, then more games)",
				"(Reihenfolge: Siege je Spiel, dann das niedrigste Mittel, dann mehr Spiele)"))
		} else {
			fmt.Fprintln(e.stdout, e.tr("(order: wins per game, then the highest average, then more games)",
				"(Reihenfolge: Siege je Spiel, dann das höchste Mittel, dann mehr Spiele)"))
		}
		printByPlay(e, ps, id)
	}
	if !any {
		fmt.Fprintln(e.stdout, e.tr("No finished games yet.", "Noch keine beendeten Spiele."))
	}
}

func printPlayer(e *env, ps []storage.PlayerStats, name string) {
	if len(ps) == 0 {
		fmt.Fprintf(e.stdout, e.tr("%s has no finished turns yet.\n", "%s hat noch keine beendeten Züge.\n"), name)
		return
	}
	p := ps[0]
	fmt.Fprintf(e.stdout, "%s\n\n", p.Name)
	for _, id := range gameIDs() {
		g := p.Games[id]
		if g == nil {
			continue
		}
		fmt.Fprintf(e.stdout, "%s\n", gameName(e, id))
		printGameFigures(e, "  ", id, g.Figures)
		if len(g.HouseRules) > 1 || len(g.HouseRules) == 1 && len(g.HouseRules[0].Options) > 0 {
			for _, hr := range g.HouseRules {
				fmt.Fprintf(e.stdout, "  %s %s\n", e.tr("house rules", "Hausregeln"), describeOptions(e, hr.Options))
				printGameFigures(e, "    ", id, hr)
			}
		}
		fmt.Fprintln(e.stdout)
	}
}

func describeOptions(e *env, o map[string]any) string {
	return say.New(e.lang).Options(o)
}

func printFigures(e *env, in string, f storage.Figures) { printGameFigures(e, in, "", f) }

// hasObligations says whether a game has proofs or confirmations among its
// house rules (Zehntausend: beweisen, bestaetigen, verschaerft); "" (not
// known) counts as having them.
func hasObligations(id string) bool {
	if id == "" {
		return true
	}
	for _, s := range validate.OptionSpecs(validate.GameID(id)) {
		if s.ID == "beweisen" || s.ID == "bestaetigen" {
			return true
		}
	}
	return false
}

// printGameFigures is printFigures of the game id: a figure of a rule the
// game does not have is left out (Rückwärts showed "proofs/confirmations
// failed 0").
func printGameFigures(e *env, in, id string, f storage.Figures) {
	w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	line := func(label string, format string, args ...any) {
		fmt.Fprintf(w, "%s%s\t"+format+"\n", append([]any{in, label}, args...)...)
	}
	line(e.tr("games (won)", "Spiele (gewonnen)"), "%d (%d · %s)", f.Played, f.Won, pct(f.WinRate))
	if f.Played > 0 {
		line(e.tr("final total: average, best", "Endstand: Schnitt, bester"), "%s · %s", num0(e.lang, f.AvgTotal), say.Int(f.BestTotal))
		line(e.tr("winning streak: now, longest", "Siegesserie: jetzt, längste"), "%d · %d", f.Streak, f.LongestStreak)
		line(e.tr("last played", "zuletzt gespielt"), "%s", day(f.LastPlayed))
	}
	if fam := f.Family; fam != nil {
		if fam.Banked > 0 { // Rückwärts writes no turn down
			line(e.tr("turns, banked, average banked", "Züge, geschrieben, Schnitt"), "%d · %d · %s", fam.Turns, fam.Banked, num0(e.lang, fam.AvgBanked))
			line(e.tr("best turn", "bester Zug"), "%s", say.Int(fam.BestTurn))
		} else {
			line(e.tr("turns", "Züge"), "%d", fam.Turns)
		}
		line(e.tr("busts", "Fehlwürfe"), "%d (%s)", fam.Busts, pct(fam.BustRate))
		var byDice []string
		for _, d := range fam.ByDice {
			if d.Throws > 0 { // no bust in many throws is a figure too
				byDice = append(byDice, fmt.Sprintf("%d:%s", d.Dice, pct(d.BustRate)))
			}
		}
		if len(byDice) > 0 {
			line(e.tr("bust rate by dice thrown", "Fehlwurf-Quote nach geworfenen Würfeln"), "%s", strings.Join(byDice, " "))
		}
		if hasObligations(id) || fam.Failed > 0 {
			line(e.tr("hot dice, proofs/confirmations failed", "alle raus, Beweis/Bestätigung verfehlt"), "%d · %d", fam.HotDice, fam.Failed)
		} else {
			line(e.tr("hot dice", "alle raus"), "%d", fam.HotDice)
		}
		if fam.ResetsSuffered+fam.ResetsCaused > 0 {
			line(e.tr("5000 resets: suffered, caused", "auf 0 zurück: erlitten, verursacht"), "%d · %d", fam.ResetsSuffered, fam.ResetsCaused)
		}
		if fam.MinusPoints > 0 {
			line(e.tr("minus points taken", "Minuspunkte bekommen"), "%d", fam.MinusPoints)
		}
	}
	if k := f.Kniffel; k != nil {
		line(e.tr("upper bonus", "Bonus oben"), "%d (%s)", k.UpperBonus, pct(k.UpperBonusRate))
		line(e.tr("Kniffels, Kniffel bonuses", "Kniffel, Kniffel-Boni"), "%d · %d", k.Kniffels, k.KniffelBonuses)
		for _, b := range k.Boxes {
			c, err := validate.ParseCategory(b.Category)
			if err != nil || b.Filled == 0 {
				continue
			}
			line("  "+c.Name(e.lang), e.tr("avg %s · struck %d×", "Schnitt %s · gestrichen %d×"), dec1(e.lang, b.Avg), b.Struck)
		}
	}
	if r := f.Review; r != nil {
		line(e.tr("reviewed games, loss per game", "ausgewertete Spiele, Verlust je Spiel"), "%d · %s", r.Games, review.Number(r.LossPerGame, e.lang))
		line(e.tr("loss per decision, luck per game", "Verlust je Entsch., Glück je Spiel"), "%s · %s",
			review.Number(r.LossPerDecision, e.lang), review.Number(r.LuckPerGame, e.lang))
		if r.WinGames > 0 {
			line(e.tr("chance to win thrown away per game, per decision", "Gewinnchance verschenkt je Spiel, je Entsch."), "%s · %s %s",
				review.Points1(r.WinLossPerGame, e.lang), review.Number(100*r.WinLossPerDecision, e.lang), e.tr("percentage points", "Prozentpunkte"))
			line(e.tr("games reviewed by it, luck per game", "danach ausgewertet, Glück je Spiel"), "%d · %s %s",
				r.WinGames, review.Points1(r.WinLuckPerGame, e.lang), e.tr("percentage points", "Prozentpunkte"))
		}
	}
	if t := f.Tot; t != nil {
		line(e.tr("turns, average, best", "Züge, Schnitt, bester"), "%d · %s · %s", t.Turns, dec1(e.lang, t.AvgTurn), say.Int(t.Best))
		if t.AttacksMade+t.AttacksSuffered > 0 {
			line(e.tr("attacks made (pips taken)", "Angriffe (Augen genommen)"), "%d (%d)", t.AttacksMade, t.PointsTaken)
			line(e.tr("attacks suffered (pips lost)", "angegriffen worden (Augen verloren)"), "%d (%d)", t.AttacksSuffered, t.PointsLost)
		}
	}
	w.Flush()
}

func printHeadToHead(e *env, h storage.HeadToHead) {
	fmt.Fprintf(e.stdout, "%s – %s\n", h.A, h.B)
	if h.Total.Played == 0 {
		fmt.Fprintln(e.stdout, e.tr("No finished games together yet.", "Noch keine gemeinsamen beendeten Spiele."))
		return
	}
	w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	// The names head their columns once, above what is counted for each,
	// so that two names do not widen the table beyond 80 columns twice.
	fmt.Fprintf(w, "\t\t%s\t%s\t\t%s\t%s\t\t\n", h.A, h.B, h.A, h.B)
	fmt.Fprint(w, e.tr("game\tgames\tahead\tahead\tlevel\twon\twon\tlast played\t\n",
		"Spiel\tSpiele\tvorn\tvorn\tgleich\tSiege\tSiege\tzuletzt\t\n"))
	row := func(name string, p storage.PairFigures) {
		fmt.Fprintf(w, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t\n", name, p.Played, p.AAhead, p.BAhead, p.Level, p.AWon, p.BWon, day(p.Last))
	}
	for _, p := range h.Games {
		row(gameName(e, p.Game), p)
	}
	if len(h.Games) > 1 {
		row(e.tr("all games", "alle Spiele"), h.Total)
	}
	w.Flush()
}

func headToHeadJSON(h storage.HeadToHead) any {
	games := map[string]storage.PairFigures{}
	for _, p := range h.Games {
		games[p.Game] = p
	}
	return map[string]any{"head_to_head": map[string]any{"a": h.A, "b": h.B, "games": games, "total": h.Total}}
}

var statsCSVHeader = []string{"player", "game", "options", "played", "won", "win_rate", "avg_total", "best_total", "streak", "longest_streak", "last_played",
	"turns", "avg_banked", "best_turn", "busts", "bust_rate", "hot_dice", "failed", "resets_suffered", "resets_caused",
	"upper_bonus_rate", "kniffels", "kniffel_bonuses", "avg_turn", "attacks_made", "attacks_suffered", "points_taken", "points_lost",
	"minus_points", "bust_rate_1_die", "bust_rate_2_dice", "bust_rate_3_dice", "bust_rate_4_dice", "bust_rate_5_dice", "bust_rate_6_dice",
	"reviewed_games", "review_decisions", "loss_per_game", "loss_per_decision", "luck_per_game",
	"win_reviewed_games", "win_loss_per_game", "win_loss_per_decision", "win_luck_per_game"}

// csvByDice is where the bust rates by number of dice start in a row.
const csvByDice = 29

// csvReview is where the review figures start in a row.
const csvReview = csvByDice + 6

// csvAll is the "options" of a statistics row of all house rules together
// (a set's row has its options as a JSON object, "{}" for the default
// rules), and the "game" of a head-to-head row of all games together.
const csvAll = "all"

// writeStatsCSV writes one row per player and game ("options" all: all
// house rules together) and per house-rule set.
func writeStatsCSV(e *env, ps []storage.PlayerStats) int {
	w := csv.NewWriter(e.stdout)
	w.Write(statsCSVHeader)
	for _, p := range ps {
		for _, id := range gameIDs() {
			g := p.Games[id]
			if g == nil {
				continue
			}
			w.Write(csvRow(p.Name, id, csvAll, g.Figures))
			for _, hr := range g.HouseRules {
				opts, _ := json.Marshal(hr.Options)
				w.Write(csvRow(p.Name, id, string(opts), hr))
			}
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return e.fail("stats", err)
	}
	return exitOK
}

func csvRow(name, game, options string, f storage.Figures) []string {
	num := func(v int) string { return strconv.Itoa(v) }
	flt := func(v float64) string { return strconv.FormatFloat(v, 'f', 4, 64) }
	last := ""
	if !f.LastPlayed.IsZero() {
		last = f.LastPlayed.UTC().Format(time.RFC3339)
	}
	row := []string{name, game, options, num(f.Played), num(f.Won), flt(f.WinRate), flt(f.AvgTotal), num(f.BestTotal),
		num(f.Streak), num(f.LongestStreak), last}
	rest := make([]string, len(statsCSVHeader)-len(row))
	if fam := f.Family; fam != nil {
		copy(rest, []string{num(fam.Turns), flt(fam.AvgBanked), num(fam.BestTurn), num(fam.Busts), flt(fam.BustRate),
			num(fam.HotDice), num(fam.Failed), num(fam.ResetsSuffered), num(fam.ResetsCaused)})
	}
	if k := f.Kniffel; k != nil {
		copy(rest[9:], []string{flt(k.UpperBonusRate), num(k.Kniffels), num(k.KniffelBonuses)})
	}
	if t := f.Tot; t != nil {
		rest[0] = num(t.Turns)
		copy(rest[12:], []string{flt(t.AvgTurn), num(t.AttacksMade), num(t.AttacksSuffered), num(t.PointsTaken), num(t.PointsLost)})
	}
	row = append(row, rest...)
	if fam := f.Family; fam != nil {
		row[csvByDice-1] = num(fam.MinusPoints)
		for _, d := range fam.ByDice {
			if d.Dice >= 1 && d.Dice <= 6 && d.Throws > 0 {
				row[csvByDice+d.Dice-1] = flt(d.BustRate)
			}
		}
	}
	if r := f.Review; r != nil {
		copy(row[csvReview:], []string{num(r.Games), num(r.Decisions), flt(r.LossPerGame), flt(r.LossPerDecision), flt(r.LuckPerGame)})
		if r.WinGames > 0 {
			copy(row[csvReview+5:], []string{num(r.WinGames), flt(r.WinLossPerGame), flt(r.WinLossPerDecision), flt(r.WinLuckPerGame)})
		}
	}
	return row
}

func writeHeadToHeadCSV(e *env, h storage.HeadToHead) int {
	w := csv.NewWriter(e.stdout)
	w.Write([]string{"a", "b", "game", "played", "a_ahead", "b_ahead", "level", "a_won", "b_won"})
	total := h.Total
	total.Game = csvAll
	for _, p := range append(slices.Clone(h.Games), total) {
		w.Write([]string{h.A, h.B, p.Game, strconv.Itoa(p.Played), strconv.Itoa(p.AAhead), strconv.Itoa(p.BAhead),
			strconv.Itoa(p.Level), strconv.Itoa(p.AWon), strconv.Itoa(p.BWon)})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return e.fail("stats", err)
	}
	return exitOK
}

// generateProgressEvery is how often generate says how far it is.
var generateProgressEvery = 5000

// runGenerate fills a database with a generated history (a developer
// command for benchmarks and for trying the statistics).
func runGenerate(e *env, args []string) int {
	fs := newFlags(e, "generate", "--db PATH [--games N] [--seed S] [--players N]")
	games := fs.Int("games", 20000, e.tr("finished games to generate", "so viele beendete Spiele erzeugen"))
	seed := fs.Uint64("seed", 1, e.tr("the same seed gives the same history", "derselbe Startwert ergibt dieselbe Geschichte"))
	players := fs.Int("players", 12, e.tr("players in the club", "Spieler im Verein"))
	db := fs.String("db", "", e.tr("database file (required: generate writes thousands of games)", "Datenbankdatei (Pflicht: generate schreibt Tausende Spiele)"))
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if *db != "" {
		e.dbPath = *db
	}
	if *games < 0 {
		fmt.Fprintf(e.stderr, "wuerfelblock generate: "+e.tr("--games takes a number from 0, not %d", "--games nimmt eine Zahl ab 0, nicht %d")+"\n", *games)
		return exitInput
	}
	if *players < 2 || *players > len(generate.Names) {
		// The generator would take 0 as its default, silently.
		fmt.Fprintf(e.stderr, "wuerfelblock generate: "+e.tr("--players takes a number from 2 to %d, not %d", "--players nimmt eine Zahl von 2 bis %d, nicht %d")+"\n", len(generate.Names), *players)
		return exitInput
	}
	if len(pos) > 0 || e.dbPath == "" {
		fmt.Fprintln(e.stderr, "wuerfelblock generate: "+e.tr(
			"name the database to fill: generate --db PATH [--games N] [--seed S] (it writes thousands of games, so never the default database)",
			"die zu füllende Datenbank angeben: generate --db PFAD [--games N] [--seed S] (es werden Tausende Spiele geschrieben, daher nie die Standard-Datenbank)"))
		return exitInput
	}
	// The history ends before now: no game dated in the future.
	gen, err := generate.New(generate.Config{Games: *games, Seed: *seed, Players: *players, End: time.Now()})
	if err != nil {
		fmt.Fprintf(e.stderr, "wuerfelblock generate: %v\n", err)
		return exitInput
	}
	return e.withWriteDB("generate", func(ctx context.Context, db *storage.DB) int {
		start := time.Now()
		progress := func(n int) {
			// Not at the last game: the summary below says that one.
			if n > 0 && n%generateProgressEvery == 0 && n < *games {
				fmt.Fprintf(e.stderr, "  %d …\n", n)
			}
		}
		n, err := db.StorePlayed(ctx, func() (storage.PlayedGame, bool) {
			g, ok := gen.Next()
			return storage.PlayedGame{ID: g.ID, Started: g.Started, Ended: g.Ended, Game: g.Game}, ok
		}, progress)
		if err != nil {
			return e.dbFail("generate", err)
		}
		fmt.Fprintf(e.stdout, e.tr("%s stored in %s (%s), seed %d\n", "%s gespeichert in %s (%s), Startwert %d\n"),
			e.gamesWord(n, false), db.Path(), time.Since(start).Round(time.Millisecond), *seed)
		return exitOK
	})
}
