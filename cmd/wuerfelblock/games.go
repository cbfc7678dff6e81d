package main

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/wuerfelblock/wuerfelblock/internal/say"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

func runGames(e *env, args []string) int {
	fs := newFlags(e, "games", "[--json] [--status running|finished|abandoned] [--limit N | --all] | show ID | undo ID | abandon ID")
	asJSON := fs.Bool("json", false, e.tr("print JSON", "als JSON ausgeben"))
	status := fs.String("status", "", e.tr("only games with this status: running, finished or abandoned", "nur Spiele mit diesem Status: running, finished oder abandoned"))
	limit := fs.Int("limit", defaultGames, e.tr("list this many games, newest first", "so viele Spiele auflisten, neueste zuerst"))
	all := fs.Bool("all", false, e.tr("list every game", "alle Spiele auflisten"))
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(pos) == 0 {
		var st storage.Status
		if *status != "" {
			var err error
			if st, err = storage.ParseStatus(*status); err != nil {
				return e.fail("games", err)
			}
		}
		limitSet := false
		fs.Visit(func(f *flag.Flag) { limitSet = limitSet || f.Name == "limit" })
		if *all && limitSet {
			fmt.Fprintln(e.stderr, "wuerfelblock games: "+e.tr("use --limit N or --all, not both", "--limit N oder --all angeben, nicht beides"))
			return exitInput
		}
		if *limit < 1 {
			fmt.Fprintf(e.stderr, "wuerfelblock games: "+e.tr("--limit takes a number from 1, not %d (--all lists every game)", "--limit nimmt eine Zahl ab 1, nicht %d (--all listet alle Spiele)")+"\n", *limit)
			return exitInput
		}
		f := storage.GameFilter{Status: st, Limit: *limit}
		if *all {
			f.Limit = 0
		}
		return e.withDB("games", func(ctx context.Context, db *storage.DB) int {
			return listGames(e, ctx, db, f, *asJSON)
		})
	}
	if len(pos) != 2 {
		fmt.Fprintln(e.stderr, "wuerfelblock games: "+e.tr(
			"use: games [--json] [--status S] | games show ID | games undo ID | games abandon ID",
			"Aufruf: games [--json] [--status S] | games show ID | games undo ID | games abandon ID"))
		return exitInput
	}
	with := e.withDB
	if pos[0] == "undo" || pos[0] == "abandon" {
		with = e.withWriteDB // a read-only file said up front
	}
	return with("games", func(ctx context.Context, db *storage.DB) int {
		id, err := db.FindGame(ctx, pos[1])
		if err != nil {
			return e.dbFail("games", err)
		}
		return gameAction(e, ctx, db, pos[0], id, *asJSON)
	})
}

// gameAction is games show|undo|abandon ID.
func gameAction(e *env, ctx context.Context, db *storage.DB, action, id string, asJSON bool) int {
	switch action {
	case "show":
		sg, err := db.LoadGame(ctx, id)
		if err != nil {
			return e.dbFail("games", err)
		}
		return showGame(e, sg, asJSON)
	case "undo":
		sg, err := db.LoadGame(ctx, id)
		if err != nil {
			return e.dbFail("games", err)
		}
		undone, err := db.Undo(ctx, sg)
		if err != nil {
			return e.dbFail("games", err)
		}
		if !asJSON {
			fmt.Fprintf(e.stdout, e.tr("Undone: %s\n\n", "Zurückgenommen: %s\n\n"), describeEntry(e, undone, sg.Game.Rules.Game))
		}
		return showGame(e, sg, asJSON)
	case "abandon":
		// Only a running game can be abandoned; the database leaves
		// others as they are, so say so instead of "abandoned".
		if sg, err := db.LoadGame(ctx, id); err == nil && sg.Status != storage.Running {
			fmt.Fprintf(e.stderr, "wuerfelblock games: %s\n", fmt.Sprintf(e.tr("game %s is %s already; nothing changed", "Spiel %s ist schon %s; nichts geändert"), id, statusWord(e, sg.Status)))
			return exitRule
		}
		if err := db.Abandon(ctx, id); err != nil {
			return e.dbFail("games", err)
		}
		fmt.Fprintf(e.stdout, e.tr("Game %s abandoned; 'games show' still shows it.\n", "Spiel %s abgebrochen; 'games show' zeigt es weiterhin.\n"), id)
		return exitOK
	}
	fmt.Fprintf(e.stderr, "wuerfelblock games: %s %q\n", e.tr("unknown action", "unbekannte Aktion"), action)
	return exitInput
}

// defaultGames is how many games games lists unless told otherwise.
const defaultGames = 20

// gameListing is a stored game as games --json lists it: storage's fields
// (the game by its id) and the game's name in the user's language.
type gameListing struct {
	storage.GameInfo
	Name string `json:"name"`
}

func listGames(e *env, ctx context.Context, db *storage.DB, f storage.GameFilter, asJSON bool) int {
	gs, err := db.Games(ctx, f)
	if err != nil {
		return e.dbFail("games", err)
	}
	if asJSON {
		out := make([]gameListing, len(gs))
		for i, g := range gs {
			g.Started, g.Ended = g.Started.UTC(), g.Ended.UTC()
			out[i] = gameListing{GameInfo: g, Name: gameName(e, g.Game)}
		}
		e.printJSON(out)
		return exitOK
	}
	if len(gs) == 0 {
		fmt.Fprintln(e.stdout, e.tr("No games.", "Keine Spiele."))
		return exitOK
	}
	w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\n", "id", e.tr("game", "Spiel"), e.tr("status", "Status"),
		e.tr("started", "begonnen"), e.tr("round", "Runde"), e.tr("players (total)", "Spieler (Punkte)"))
	for _, g := range gs {
		var ps []string
		for i, p := range g.Players {
			s := p
			if i < len(g.Totals) {
				s = p + " " + say.Int(g.Totals[i]) // a true minus: "Ben −9"
			}
			for _, win := range g.Winners {
				if win == p {
					s += " *"
				}
			}
			ps = append(ps, s)
		}
		status := statusWord(e, g.Status)
		if g.Broken {
			status += e.tr(" (cannot be replayed)", " (nicht nachspielbar)")
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%d\t%s\n", g.ID[:8], gameName(e, g.Game), status,
			g.Started.Local().Format("2006-01-02 15:04"), g.Round, strings.Join(ps, ", "))
	}
	w.Flush()
	if f.Limit > 0 && len(gs) == f.Limit {
		if n, err := db.CountGames(ctx, f.Status); err == nil && n > len(gs) {
			fmt.Fprintf(e.stdout, e.tr("(%d of %d games, newest first; --limit N or --all for more)\n",
				"(%d von %d Spielen, neueste zuerst; --limit N oder --all für mehr)\n"), len(gs), n)
		}
	}
	return exitOK
}

func statusWord(e *env, s storage.Status) string {
	switch s {
	case storage.Running:
		return e.tr("running", "läuft")
	case storage.Finished:
		return e.tr("finished", "beendet")
	case storage.Abandoned:
		return e.tr("abandoned", "abgebrochen")
	}
	return string(s)
}

// showGame prints a stored game: the record as JSON, or the table of turns
// and totals that judge prints.
func showGame(e *env, sg *storage.StoredGame, asJSON bool) int {
	rec := sg.Game.Record()
	if asJSON {
		e.printJSON(storage.ExportRecord{ID: sg.ID, Status: sg.Status, Started: sg.Started.UTC(), Ended: sg.Ended.UTC(), Record: rec})
		return exitOK
	}
	name := gameName(e, rec.Game)
	if house := say.New(e.lang).OptionsBrief(sg.Game.Rules); house != "" {
		name += " (" + e.tr("house rules: ", "Hausregeln: ") + house + ")"
	}
	fmt.Fprintf(e.stdout, "%s %s: %s, %s\n", e.tr("Game", "Spiel"), sg.ID, name, statusWord(e, sg.Status))
	printVerdict(e, rec, sg.Game.Verdict())
	if sg.Status == storage.Running && !sg.Game.Finished() {
		fmt.Fprintf(e.stdout, e.tr("Next: %s (round %d).\n", "Als Nächstes: %s (Runde %d).\n"), sg.Game.Current(), sg.Game.Round())
	}
	return exitOK
}

// describeEntry writes an entry as a player reads it.
func describeEntry(e *env, en scoresheet.Entry, game validate.GameID) string {
	return say.New(e.lang).Entry(en, game)
}
