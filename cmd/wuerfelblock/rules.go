package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

func runRules(e *env, args []string) int {
	fs := newFlags(e, "rules", "[GAME]")
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(pos) == 0 {
		for _, g := range validate.Games() {
			fmt.Fprintf(e.stdout, "%-24s %s\n  %s\n", g.ID, g.Name(e.lang), g.Summary(e.lang))
		}
		fmt.Fprintln(e.stdout, e.tr("\n'wuerfelblock rules GAME' shows a game's rules and house rules.", "\n'wuerfelblock rules SPIEL' zeigt die Regeln und Hausregeln eines Spiels."))
		return exitOK
	}
	if len(pos) > 1 {
		fmt.Fprintf(e.stderr, "wuerfelblock rules: %s\n", fmt.Sprintf(e.tr("one game only, nothing after it: rules %s (not also %s)",
			"nur ein Spiel, nichts danach: rules %s (nicht auch %s)"), scoresheet.SafeText(pos[0]), quoteArgs(pos[1:])))
		return exitInput
	}
	info, err := validate.LookupGame(pos[0])
	if err != nil {
		return e.fail("rules", err)
	}
	fmt.Fprintf(e.stdout, "%s (%s)\n\n", info.Name(e.lang), info.ID)
	fmt.Fprintln(e.stdout, validate.RulesText(info.ID, e.lang))
	fmt.Fprintln(e.stdout)
	fmt.Fprintln(e.stdout, e.tr("House rules (--option ID=VALUE):", "Hausregeln (--option ID=WERT):"))
	for _, s := range validate.OptionSpecs(info.ID) {
		fmt.Fprintf(e.stdout, "  %-24s %s: %v; %s: %s\n      %s\n", s.ID,
			e.tr("default", "Vorgabe"), formatDefault(s.Default), e.tr("values", "Werte"), s.AllowedIn(e.lang), s.Describe(e.lang))
	}
	return exitOK
}

func formatDefault(v any) string {
	if f, ok := v.([]int); ok {
		parts := make([]string, len(f))
		for i, x := range f {
			parts[i] = fmt.Sprint(x)
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	return fmt.Sprint(v)
}

// quoteArgs are arguments as a message quotes them: "extra", "x" (at
// most the first three, each cut short).
func quoteArgs(args []string) string {
	var q []string
	for i, a := range args {
		if i == 3 {
			q = append(q, "…")
			break
		}
		q = append(q, strconv.Quote(scoresheet.Cut(a, 40)))
	}
	return strings.Join(q, ", ")
}
