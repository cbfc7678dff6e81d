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
	h.see("damaged", "restore a")
}
