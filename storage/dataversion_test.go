package storage

import (
	"context"
	"testing"
)

// DataVersion stays while nobody writes and changes after a commit by
// another DB on the same file, and after one of this DB's own writes.
func TestDataVersionSeesOtherConnections(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	v0, err := db.DataVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := db.DataVersion(ctx); v != v0 {
		t.Fatalf("no write: %d, then %d", v0, v)
	}
	other := openAt(t, db.Path())
	if err := other.SavePreset(ctx, Preset{Name: "Abend", Game: "5050", Options: map[string]any{}}); err != nil {
		t.Fatal(err)
	}
	v1, err := db.DataVersion(ctx)
	if err != nil || v1 == v0 {
		t.Fatalf("after another DB's write: %d (%v), before %d", v1, err, v0)
	}
	if err := db.SavePreset(ctx, Preset{Name: "Nacht", Game: "5050", Options: map[string]any{}}); err != nil {
		t.Fatal(err)
	}
	if v2, _ := db.DataVersion(ctx); v2 == v1 {
		t.Fatalf("after its own write: still %d", v2)
	}
}
