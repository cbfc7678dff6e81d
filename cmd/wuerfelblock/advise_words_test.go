package main

import (
	"strings"
	"testing"
)

// advise dreissig-tot: one seat is "only seat 1", not "1 … 1"; the
// column of a keep's pips is headed pips / Augen (not "Seite").
func TestAdviseDreissigOneSeatAndPipsColumn(t *testing.T) {
	for _, c := range []struct{ lang, want string }{
		{"en", "seat 2: there is only seat 1"},
		{"de", "Sitz 2: es gibt nur Sitz 1"},
	} {
		code, _, errs := call(t, "", "--lang", c.lang, "advise", "dreissig-tot", "--accounts", "30", "--seat", "2")
		if code != exitInput || !strings.Contains(errs, c.want) || strings.Contains(errs, "1 … 1") {
			t.Errorf("%s: exit %d %q, want 2 and %q", c.lang, code, errs, c.want)
		}
	}
	for _, c := range []struct{ lang, head, not string }{
		{"en", "keep                 pips        value", "aside        value"},
		{"de", "Auswahl             Augen         Wert", "Seite         Wert"},
	} {
		code, out, errs := call(t, "", "--lang", c.lang, "advise", "dreissig-tot", "645321")
		if code != 0 || !strings.Contains(out, c.head) || strings.Contains(out, c.not) {
			t.Errorf("%s: exit %d %q %q, want the header %q", c.lang, code, out, errs, c.head)
		}
	}
}

// advise --help: points without --totals, the chance to win with it (no
// "not the chance to win" beside "also the chance to win"), and every
// form named.
func TestAdviseHelpSaysPointsOrChance(t *testing.T) {
	for _, c := range []struct {
		lang      string
		want      []string
		contradic string
	}{
		{"en", []string{"without --totals, the exact", "with --totals, the chance to win", "advise kniffel", "advise dreissig-tot [--accounts"}, "Not the chance to win"},
		{"de", []string{"ohne --totals die genauen", "mit --totals die Gewinnchance", "advise kniffel", "advise dreissig-tot [--accounts"}, "Nicht die Gewinnchance"},
	} {
		_, out, errs := call(t, "", "--lang", c.lang, "advise", "--help")
		all := strings.Join(strings.Fields(out+errs), " ")
		for _, w := range c.want {
			if !strings.Contains(all, w) {
				t.Errorf("%s: advise --help lacks %q", c.lang, w)
			}
		}
		if strings.Contains(all, c.contradic) {
			t.Errorf("%s: advise --help still says %q", c.lang, c.contradic)
		}
	}
}
