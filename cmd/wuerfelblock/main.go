// Command wuerfelblock is a score pad for dice games played with real dice:
// 5050, 5000, Zehntausend (with its house rules), Zehntausend Rückwärts,
// Kniffel, Totwürfeln and Dreißig tot. Without a subcommand it opens the
// terminal UI; the subcommands judge records, value throws, print rules and
// manage the stored games.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
