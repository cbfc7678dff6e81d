package outfile_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/wuerfelblock/wuerfelblock/internal/outfile"
)

// A command that writes a file the user named, next to an open database.
func ExampleWrite() {
	dir, _ := os.MkdirTemp("", "outfile-example")
	defer os.RemoveAll(dir)
	db := filepath.Join(dir, "wuerfelblock.db")
	os.WriteFile(db, []byte("SQLite format 3\x00"), 0o644)

	fill := func(w io.Writer) error {
		_, err := io.WriteString(w, "[]\n")
		return err
	}
	err := outfile.Write(filepath.Join(dir, "backup.json"), fill, outfile.SQLite(db)...)
	fmt.Println("backup.json:", err)

	err = outfile.Write(filepath.Join(dir, "wuerfelblock.db-wal"), fill, outfile.SQLite(db)...)
	var refused *outfile.Error
	fmt.Println("the WAL refused:", errors.As(err, &refused) && refused.Kind == outfile.Protected)
	// Output:
	// backup.json: <nil>
	// the WAL refused: true
}
