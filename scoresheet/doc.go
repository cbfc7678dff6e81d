// Package scoresheet is a game: its players in seat order, the entries they
// made, and everything derived from them by replaying the entries through
// the rules of package validate: totals, whose turn it is, rounds, the final
// round, the Kniffel sheet with both bonuses, the end and the winners. It
// also holds the JSON game record of docs/RECORD.md and judges it.
package scoresheet
