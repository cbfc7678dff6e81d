package storage

// Options are what a database is opened with (OpenWith).
type Options struct {
	// Reviewer reviews each game that finishes, by an entry or an import,
	// before the transaction that stores it (and the finished games
	// already stored, in migration 018). Nil: no reviews are kept, and
	// migration 018 refuses to run over finished games it cannot review.
	Reviewer Reviewer
	// RecountProgress, when set, is told how far migration 006 has come
	// recounting the failed confirmations of the 5050 games already stored:
	// done of total, once before the first game and after each. The command
	// line shows it for large histories (a few seconds for 20,000 games).
	RecountProgress func(done, total int)
	// ReviewProgress, when set, is told how far migration 018 has come
	// reviewing the finished games already stored: done of total.
	ReviewProgress func(done, total int)
	// Backups is the folder for a backup of an existing database before
	// migrations change it ("": no backup).
	Backups string
}
