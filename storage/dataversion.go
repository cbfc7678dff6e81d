package storage

import "context"

// DataVersion is a number that changes whenever another connection (of
// this process or another: a restore, an import, a second device) has
// committed to the database since the last call: SQLite's PRAGMA
// data_version, asked on one connection kept for it (the number is per
// connection; this DB's own writes go through its other connections and
// count too). A screen that shows what it read compares two calls to
// notice that its figures are stale.
func (db *DB) DataVersion(ctx context.Context) (int64, error) {
	db.version.mu.Lock()
	defer db.version.mu.Unlock()
	if db.version.conn == nil {
		c, err := db.sql.Conn(ctx)
		if err != nil {
			return 0, err
		}
		db.version.conn = c
	}
	var v int64
	if err := db.version.conn.QueryRowContext(ctx, `PRAGMA data_version`).Scan(&v); err != nil {
		db.version.conn.Close() // a fresh connection next time
		db.version.conn = nil
		return 0, err
	}
	return v, nil
}
