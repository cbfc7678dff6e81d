// Package storage keeps every game in an SQLite database (modernc.org/sqlite,
// no cgo): players, games with their rules and seat order, the entries the
// players made (append-only, one committed row per entry), house-rule
// presets, and the summaries that statistics read (one row per finished turn,
// one per finished game and player), written in the same transaction as the
// entry that completes them (the review rows of a finished game are made
// before that transaction by the Reviewer the database was opened with:
// storage runs no solver). A game's state is never stored: it is replayed
// from its entries by package scoresheet. Export and import use the game
// record of docs/RECORD.md with an id and the start and end times.
package storage
