// Package validate holds the rules of every game wuerfelblock knows: dice and
// their parsing, the combination tables of the Zehntausend family as data,
// the best reading of a keep, legal-keep enumeration, option sets, the turn
// state machines of all seven games and the typed rule errors with a stable
// code and a message in German and English.
//
// The package is pure: no I/O, no clock, no randomness. It imports only the
// standard library.
package validate
