package main

import (
	"strings"
	"testing"
)

// A refused throw of several is named by its place and as typed, in both
// languages, in the Dreißig-tot advise and in the family's: the player sees
// which of their words is wrong, for bad dice (exit 2) and for a broken
// rule (exit 1) alike.
func TestAdviseRefusedThrowNamedByPlace(t *testing.T) {
	dreissigCache(t)
	for _, c := range []struct {
		args   []string
		code   int
		en, de string
	}{
		{[]string{"dreissig-tot", "645321/65", "2"}, exitRule,
			`advise: the 2nd throw "2": wrong number of dice`, "advise: der 2. Wurf „2“: falsche Zahl von Würfeln"},
		{[]string{"dreissig-tot", "645321/65", "4432/5"}, exitRule,
			`advise: the 2nd throw "4432/5": the dice set aside (5) were not all thrown`, "advise: der 2. Wurf „4432/5“: die zur Seite gelegten Würfel (5)"},
		{[]string{"dreissig-tot", "645321/65", "4437"}, exitInput,
			`advise: the 2nd throw "4437": "7" at position 4 is not a die`, "advise: der 2. Wurf „4437“: \"7\" an Stelle 4 ist kein Würfel"},
		{[]string{"dreissig-tot", "666665/66666", "5/5", "655321", "5321", "12"}, exitRule,
			`advise: the 5th throw "12": wrong number of dice: 3 to throw now`, "advise: der 5. Wurf „12“: falsche Zahl von Würfeln: jetzt 3 zu werfen"},
		// The throw without its keep is the one named, not the one after it.
		{[]string{"dreissig-tot", "645321", "4432/4"}, exitInput,
			`advise: the 1st throw "645321": only the last throw may be without its keep`, "advise: der 1. Wurf „645321“: nur der letzte Wurf darf ohne Auswahl sein"},
		{[]string{"zehntausend", "11123/111", "7"}, exitInput,
			`advise: the 2nd throw "7": "7" at position 1 is not a die`, "advise: der 2. Wurf „7“: \"7\" an Stelle 1 ist kein Würfel"},
		{[]string{"zehntausend", "11123/111", "223"}, exitRule,
			`advise: the 2nd throw "223": wrong number of dice`, "advise: der 2. Wurf „223“: falsche Zahl von Würfeln"},
		{[]string{"zehntausend", "11123/111", "55/5", "5/1"}, exitRule,
			`advise: the 3rd throw "5/1": `, "advise: der 3. Wurf „5/1“: "},
		{[]string{"zehntausend", "--totals", "1000,2000", "11123/111", "223"}, exitRule,
			`advise: the 2nd throw "223": wrong number of dice`, "advise: der 2. Wurf „223“: falsche Zahl von Würfeln"},
		{[]string{"5000", "11123/111", "23/2"}, exitRule,
			`advise: the 2nd throw "23/2": `, "advise: der 2. Wurf „23/2“: "},
	} {
		for _, lang := range []string{"en", "de"} {
			want := c.en
			if lang == "de" {
				want = c.de
			}
			code, out, errs := call(t, "", append([]string{"--lang", lang, "advise"}, c.args...)...)
			if code != c.code || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, want) {
				t.Errorf("%s %q: exit %d, out %q,\nerr  %q\nwant exit %d and %q", lang, c.args, code, out, errs, c.code, want)
			}
		}
	}
}
