package say

import (
	"io/fs"
	"strings"
	"syscall"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

var both = []P{New(validate.English), New(validate.German)}

// Every event and entry has its own words in both languages, with the
// numbers and names it is about; nothing falls back to the raw kind.
func TestEveryKindIsDescribed(t *testing.T) {
	events := []scoresheet.EventKind{scoresheet.EventReset, scoresheet.EventTransfer, scoresheet.EventLost, scoresheet.EventAttack,
		scoresheet.EventTopUp, scoresheet.EventUpperBonus, scoresheet.EventKniffelBonus, scoresheet.EventMinusPoints}
	for _, p := range both {
		for _, k := range events {
			s := p.Event(scoresheet.Event{Kind: k, Player: "Anna", From: "Ben", Points: 730})
			if s == string(k) || k != scoresheet.EventTopUp && (!strings.Contains(s, "730") || !strings.Contains(s, "Anna")) {
				t.Errorf("%v %s: %q", p.Lang, k, s)
			}
		}
		entries := []scoresheet.Entry{
			{Kind: scoresheet.EntryThrow, Roll: []int{1, 5, 5, 2}, Keep: []int{5, 5}, FivesAsOnes: 1},
			{Kind: scoresheet.EntryVoid}, {Kind: scoresheet.EntryStop}, {Kind: scoresheet.EntryDice, Roll: []int{6, 6, 6, 6, 6}},
			{Kind: scoresheet.EntryScore, Category: "full-house"}, {Kind: scoresheet.EntryAttack, Roll: []int{4, 4}},
		}
		seen := map[string]bool{}
		for _, e := range entries {
			s := p.Entry(e, validate.GameZehntausend)
			if s == string(e.Kind) || seen[s] {
				t.Errorf("%v %s: %q", p.Lang, e.Kind, s)
			}
			seen[s] = true
		}
		if s := p.Entry(entries[0], validate.GameZehntausend); !strings.Contains(s, "5 5") || !strings.Contains(s, "1×") {
			t.Errorf("%v: the keep and the fives as ones: %q", p.Lang, s)
		}
		if s := p.Entry(entries[4], validate.GameKniffel); !strings.Contains(s, validate.FullHouse.Name(p.Lang)) {
			t.Errorf("%v: the box by its name: %q", p.Lang, s)
		}
	}
	if de, en := both[1].Entry(scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: []int{6, 6}, Keep: []int{6}}, validate.GameKniffel),
		both[1].Entry(scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: []int{6, 6}, Keep: []int{6}}, validate.GameZehntausend); de == en {
		t.Errorf("Kniffel holds dice (behalten), Zehntausend sets them aside (zur Seite): both %q", de)
	}
}

// A Kniffel stand (all five held) reads as a stand, not as a hold of the
// five dice sorted; a hold keeps its dice in the order they were typed.
func TestKniffelStandAndHold(t *testing.T) {
	stand := scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: []int{6, 6, 2, 3, 1}, Keep: []int{1, 2, 3, 6, 6}}
	hold := scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: []int{6, 6, 2, 3, 1}, Keep: []int{6, 2, 6}}
	for _, c := range []struct {
		p           P
		stand, hold string
	}{
		{both[0], "throw 6 6 2 3 1, stood", "throw 6 6 2 3 1, kept 6 2 6"},
		{both[1], "Wurf 6 6 2 3 1, stehen lassen", "Wurf 6 6 2 3 1, behalten 6 2 6"},
	} {
		if got := c.p.Entry(stand, validate.GameKniffel); got != c.stand {
			t.Errorf("%v stand: %q, want %q", c.p.Lang, got, c.stand)
		}
		if got := c.p.Entry(hold, validate.GameKniffel); got != c.hold {
			t.Errorf("%v hold: %q, want %q", c.p.Lang, got, c.hold)
		}
	}
}

func TestNumbersAndNames(t *testing.T) {
	if got := both[1].Dec1(36); got != "36,0" {
		t.Errorf("German 36: %q", got)
	}
	if got := both[0].Decimal(1234.5, 1); got != "1234.5" {
		t.Errorf("English 1234.5: %q (no grouping)", got)
	}
	if got := both[1].Decimal(-0.25, 2); got != "-0,25" {
		t.Errorf("German -0.25: %q", got)
	}
	if both[0].Dice(1) != "1 die" || both[1].DiceWith(3) != "3 Würfeln" {
		t.Errorf("plurals: %q %q", both[0].Dice(1), both[1].DiceWith(3))
	}
	if got := Short("Oma Hildegard", 6); got != "Oma H…" {
		t.Errorf("Short: %q", got)
	}
	if got := Short("Anna", 4); got != "Anna" {
		t.Errorf("Short of a name that fits: %q", got)
	}
	if got := both[0].Name; got != nil {
		t.Error("plain output has no escaper of its own")
	}
	if got := both[0].Event(scoresheet.Event{Kind: scoresheet.EventUpperBonus, Player: "A\x1b[2JB", Points: 35}); strings.Contains(got, "\x1b") {
		t.Errorf("a name reaches the terminal raw: %q", got)
	}
}

func TestOptionSets(t *testing.T) {
	o := map[string]any{"ziel": 5000, "verdoppeln": true}
	if got := OptionsKey(o); got != "verdoppeln=true ziel=5000" {
		t.Errorf("key %q", got)
	}
	if got := both[1].Options(nil); got != "(Grundspiel)" {
		t.Errorf("basic game %q", got)
	}
	r := validate.MustRules(validate.GameZehntausend, o)
	specs := validate.OptionSpecs(validate.GameZehntausend)
	want := specs[1].Name(validate.German) + " 5000, " + specs[2].Name(validate.German) + " ja"
	if specs[1].ID != "ziel" || specs[2].ID != "verdoppeln" {
		t.Fatalf("the spec order changed: %s %s", specs[1].ID, specs[2].ID)
	}
	if got := both[1].OptionsBrief(r); got != want {
		t.Errorf("brief %q", got)
	}
	if got := both[0].Value(0); got != "0 (off)" {
		t.Errorf("value 0: %q", got)
	}
}

// A turn summary names the player and the numbers that matter.
func TestTurnSummary(t *testing.T) {
	p := both[0]
	p.Strong = func(s string) string { return "<" + s + ">" }
	z := validate.MustRules(validate.GameZehntausend, nil)
	res := scoresheet.TurnResult{Player: "Anna", Seat: 0, Totals: []int{1350}, End: validate.Stopped, Points: 450}
	if s := p.TurnSummary(z, res, 0, [2]int{}); !strings.Contains(s, "<Anna>") || !strings.Contains(s, "450") || !strings.Contains(s, "1350") {
		t.Errorf("stop: %q", s)
	}
	res.End, res.Points = validate.Bust, 0
	if s := p.TurnSummary(z, res, 600, [2]int{}); !strings.Contains(s, "600") {
		t.Errorf("bust with 600 at stake: %q", s)
	}
	rw := validate.MustRules(validate.GameRueckwaerts, nil)
	res.End = validate.Finished
	if s := p.TurnSummary(rw, res, 0, [2]int{800, 2}); !strings.Contains(s, "800") || !strings.Contains(s, "2 dice") {
		t.Errorf("Rückwärts table: %q", s)
	}
}

func TestSheetLabels(t *testing.T) {
	g, _ := scoresheet.New(validate.MustRules(validate.GameKniffel, nil), []string{"A"})
	seen := map[string]bool{}
	for _, r := range g.KniffelSheet() {
		for _, p := range both {
			l := p.SheetLabel(r)
			if seen[string(p.Lang)+l] {
				t.Errorf("label %q twice", l)
			}
			seen[string(p.Lang)+l] = true
		}
		if s := both[0].SheetCell(r, r.Cells[0]); r.Kind == scoresheet.RowBox && s != "–" {
			t.Errorf("a free box shows %q", s)
		}
	}
}

// judge lists events on lines of their own: a Rückwärts bust says so there,
// while the screens told it in the turn's summary just before.
func TestEventAlone(t *testing.T) {
	ev := scoresheet.Event{Kind: scoresheet.EventMinusPoints, Player: "A", Points: 200}
	if got := both[1].EventAlone(ev); got != "A: Fehlwurf, bekommt die 200 ausliegenden Punkte als Minuspunkte" {
		t.Errorf("alone: %q", got)
	}
	if got := both[1].Event(ev); strings.Contains(got, "Fehlwurf") {
		t.Errorf("after the summary: %q", got)
	}
}

// The coach's reasons in both languages, with the singular of one die.
func TestCoachWhy(t *testing.T) {
	de, en := New(validate.German), New(validate.English)
	for _, c := range []struct{ got, want string }{
		{de.CoachWhy(WhyCup, "", 5), "5 Würfel bleiben im Becher"},
		{de.CoachWhy(WhyCup, "", 1), "1 Würfel bleibt im Becher"},
		{en.CoachWhy(WhyCup, "", 1), "1 die stays in the cup"},
		{de.CoachWhy(WhyProof, "2 2 2", 0), "2 2 2 muss bewiesen werden"},
		{en.CoachWhy(WhyConfirm, "1 2 3 4 5 6", 0), "1 2 3 4 5 6 must be confirmed"},
		{de.CoachWhy(WhyHotDice, "", 6), "alle Würfel liegen: 6 Würfel neu"},
		{en.CoachWhy(WhyNone, "", 6), ""},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// The operating system's English reasons inside a German message are said
// in German (judge /tmp said "… lassen sich nicht lesen: read /tmp: is a
// directory"); English stays as Go writes it.
func TestOSText(t *testing.T) {
	for _, c := range []struct{ in, de string }{
		{"die Spielberichte lassen sich nicht lesen: read /tmp: is a directory", "die Spielberichte lassen sich nicht lesen: /tmp: ist ein Verzeichnis, keine Datei"},
		{"die Datenbank /ro/new.db lässt sich nicht anlegen oder schreiben: operation not permitted. Prüfen", "die Datenbank /ro/new.db lässt sich nicht anlegen oder schreiben: nicht erlaubt (fehlende Rechte oder unveränderlich). Prüfen"},
		{"x: open /a/b: permission denied", "x: /a/b: keine Berechtigung"},
		{"write /d/f: no space left on device", "/d/f: kein Platz mehr auf dem Datenträger"},
		{"stat nope.json: no such file or directory", "nope.json: Datei oder Verzeichnis gibt es nicht"},
		{"mkdir /ro/x: read-only file system", "/ro/x: das Dateisystem ist schreibgeschützt"},
		{"keine Probleme", "keine Probleme"},
	} {
		if got := OSText(c.in, validate.German); got != c.de {
			t.Errorf("OSText(%q) = %q, want %q", c.in, got, c.de)
		}
		if got := OSText(c.in, validate.English); got != c.in {
			t.Errorf("OSText(%q, en) = %q", c.in, got)
		}
	}
	err := &fs.PathError{Op: "read", Path: "/tmp", Err: syscall.EISDIR}
	if got := OSError(err, validate.German); got != "/tmp: ist ein Verzeichnis, keine Datei" {
		t.Errorf("OSError: %q", got)
	}
}

// Numbers for players take a true minus, as Int does, and the language's
// decimal mark; a rounded zero has no sign.
func TestNumber(t *testing.T) {
	de, en := New(validate.German), New(validate.English)
	for _, c := range []struct {
		p      P
		x      float64
		places int
		want   string
	}{
		{de, -42.27, 2, "−42,27"}, {en, -42.27, 2, "−42.27"}, {de, 7, 1, "7,0"}, {en, -9, 0, "−9"},
		{en, -0.04, 1, "0.0"}, {de, -0.4, 0, "0"}, {en, 350.5, 0, "350"},
	} {
		if got := c.p.Number(c.x, c.places); got != c.want {
			t.Errorf("%v Number(%v, %d) = %q, want %q", c.p.Lang, c.x, c.places, got, c.want)
		}
	}
}

// One pip is singular in both languages ("1 pips", "1 Augen" before), in
// the words of an attack too.
func TestPipsSingular(t *testing.T) {
	en, de := New(validate.English), New(validate.German)
	for _, c := range []struct{ got, want string }{
		{en.Pips(1), "1 pip"}, {en.Pips(12), "12 pips"}, {en.Pips(0), "0 pips"},
		{de.Pips(1), "1 Auge"}, {de.Pips(12), "12 Augen"},
		{en.Event(scoresheet.Event{Kind: scoresheet.EventAttack, Player: "Bob", From: "Anna", Points: 1}), "Anna takes 1 pip from Bob"},
		{de.Event(scoresheet.Event{Kind: scoresheet.EventAttack, Player: "Bob", From: "Anna", Points: 1}), "Anna nimmt Bob 1 Auge ab"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// A throw is named by its place, as people write it, and as typed.
func TestOrdinalAndNthThrow(t *testing.T) {
	en, de := New(validate.English), New(validate.German)
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 10: "10th", 11: "11th", 12: "12th", 13: "13th",
		21: "21st", 22: "22nd", 23: "23rd", 101: "101st", 111: "111th", 112: "112th"} {
		if got := en.Ordinal(n); got != want {
			t.Errorf("Ordinal(%d) = %q, want %q", n, got, want)
		}
	}
	if got := de.Ordinal(2); got != "2." {
		t.Errorf("German Ordinal(2) = %q, want \"2.\"", got)
	}
	for _, c := range []struct{ got, want string }{
		{en.NthThrow(2, "2"), `the 2nd throw "2"`},
		{de.NthThrow(2, "2"), "der 2. Wurf „2“"},
		{en.NthThrow(1, "6\x1b"), `the 1st throw "6\x1b"`},
		{de.NthThrow(3, `6"5`), `der 3. Wurf „6\"5“`},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
