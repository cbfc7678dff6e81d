package tui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Issue 10.5: the TUI checks the database at start, beside the first
// screen, and warns when the file is damaged.
func TestStartWarnsOfADamagedDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	db, err := openReviewed(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 400 {
		if _, err := db.AddPlayer(context.Background(), fmt.Sprintf("Spieler Nummer %03d", i)); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := f.Stat()
	f.WriteAt(make([]byte, 4096), (st.Size()/4096-2)*4096)
	f.Close()
	db, err = openReviewed(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	h := startLang(t, db, validate.English)
	h.see("damaged", "'wuerfelblock check'")
	h.stop()
	// What to do next comes from the command line's side (which knows
	// how the database was chosen and finds its latest backup): the
	// dialog says it whole, its brackets no style tags.
	lead := "To put the latest backup in its place, quit and run:"
	cmd := "wuerfelblock restore '/home/anna/.local/share/wuerfelblock/backups/wuerfelblock [x]-2026-12-03.db'"
	h = startWith(t, db, Config{Lang: validate.English, DamagedAdvice: func() (string, string) { return lead, cmd }})
	// The command wraps at the dialog's 72 columns (at a slash), whole.
	h.see("damaged", lead, "wuerfelblock restore '/home/anna/.local/share/wuerfelblock/backups/", "wuerfelblock [x]-2026-12-03.db'")
	h.typ("\n")
	h.notSee(lead)
}
