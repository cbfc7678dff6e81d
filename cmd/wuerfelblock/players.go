package main

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/wuerfelblock/wuerfelblock/storage"
)

type playerJSON struct {
	Name       string    `json:"name"`
	Games      int       `json:"games"`
	LastPlayed time.Time `json:"last_played,omitzero"`
}

func runPlayers(e *env, args []string) int {
	fs := newFlags(e, "players", "[--json] | add NAME | rename OLD NEW | delete NAME")
	asJSON := fs.Bool("json", false, e.tr("print JSON", "als JSON ausgeben"))
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	usageErr := func() int {
		fmt.Fprintln(e.stderr, "wuerfelblock players: "+e.tr(
			"use: players [--json] | players add NAME | players rename OLD NEW | players delete NAME",
			"Aufruf: players [--json] | players add NAME | players rename ALT NEU | players delete NAME"))
		return exitInput
	}
	if len(pos) == 0 {
		return e.withDB("players", func(ctx context.Context, db *storage.DB) int {
			return listPlayers(e, ctx, db, *asJSON)
		})
	}
	switch {
	case pos[0] == "add" && len(pos) == 2:
		return e.withWriteDB("players", func(ctx context.Context, db *storage.DB) int {
			p, err := db.AddPlayer(ctx, pos[1])
			if err != nil {
				return e.dbFail("players", err)
			}
			fmt.Fprintf(e.stdout, e.tr("Added %s%s.\n", "%s hinzugefügt%s.\n"), p.Name, e.nameChange(pos[1], p.Name))
			return exitOK
		})
	case pos[0] == "rename" && len(pos) == 3:
		return e.withWriteDB("players", func(ctx context.Context, db *storage.DB) int {
			if err := db.RenamePlayer(ctx, pos[1], pos[2]); err != nil {
				return e.dbFail("players", err)
			}
			// The names as stored: the new one cleaned of what a name cannot hold.
			oldName, newName := pos[1], pos[2]
			if clean, err := storage.CleanName(newName); err == nil {
				newName = clean
			}
			fmt.Fprintf(e.stdout, e.tr("Renamed %s to %s%s; their games go with them.\n", "%s heißt jetzt %s%s; die Spiele bleiben erhalten.\n"), oldName, newName, e.nameChange(pos[2], newName))
			return exitOK
		})
	case pos[0] == "delete" && len(pos) == 2:
		return e.withWriteDB("players", func(ctx context.Context, db *storage.DB) int {
			name := pos[1]
			if ps, err := db.Players(ctx); err == nil {
				for _, p := range ps {
					if strings.EqualFold(p.Name, name) {
						name = p.Name // as stored, whatever the case typed
					}
				}
			}
			if err := db.DeletePlayer(ctx, pos[1]); err != nil {
				return e.dbFail("players", err)
			}
			fmt.Fprintf(e.stdout, e.tr("Deleted %s.\n", "%s gelöscht.\n"), name)
			return exitOK
		})
	}
	return usageErr()
}

func listPlayers(e *env, ctx context.Context, db *storage.DB, asJSON bool) int {
	ps, err := db.Players(ctx)
	if err != nil {
		return e.dbFail("players", err)
	}
	if asJSON {
		out := make([]playerJSON, len(ps))
		for i, p := range ps {
			out[i] = playerJSON{Name: p.Name, Games: p.Games, LastPlayed: p.LastPlayed.UTC()}
			if p.LastPlayed.IsZero() {
				out[i].LastPlayed = time.Time{}
			}
		}
		e.printJSON(out)
		return exitOK
	}
	if len(ps) == 0 {
		fmt.Fprintln(e.stdout, e.tr("No players yet.", "Noch keine Spieler."))
		return exitOK
	}
	w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(w, "%s\t%s\t%s\n", e.tr("player", "Spieler"), e.tr("games", "Spiele"), e.tr("last played", "zuletzt gespielt"))
	for _, p := range ps {
		last := "-"
		if !p.LastPlayed.IsZero() {
			last = p.LastPlayed.Local().Format("2006-01-02 15:04")
		}
		fmt.Fprintf(w, "%s\t%d\t%s\n", p.Name, p.Games, last)
	}
	w.Flush()
	return exitOK
}

// nameChange says how a typed name was changed to be stored ("" when it
// was not): cut to the longest name, or cleaned of what a name cannot hold.
func (e *env) nameChange(typed, stored string) string {
	switch {
	case typed == stored:
		return ""
	case len([]rune(strings.Join(strings.Fields(typed), " "))) > 40:
		return e.tr(" (the name was cut to 40 characters)", " (der Name wurde auf 40 Zeichen gekürzt)")
	}
	return e.tr(" (the name was cleaned of spaces and control characters)", " (der Name wurde von Leer- und Steuerzeichen bereinigt)")
}
