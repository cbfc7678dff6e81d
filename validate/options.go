package validate

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// GameID is the stable id of a game, as used in records, the database and
// the command line.
type GameID string

// The games.
const (
	Game5050        GameID = "5050"
	Game5000        GameID = "5000"
	GameZehntausend GameID = "zehntausend"
	GameRueckwaerts GameID = "zehntausend-rueckwaerts"
	GameKniffel     GameID = "kniffel"
	GameTotwuerfeln GameID = "totwuerfeln"
	GameDreissigTot GameID = "dreissig-tot"
)

// GameInfo describes a game for people.
type GameInfo struct {
	ID       GameID
	NameEN   string
	NameDE   string
	SummaryE string
	SummaryD string
}

// Name returns the game's name in l.
func (g GameInfo) Name(l Lang) string {
	if l == German {
		return g.NameDE
	}
	return g.NameEN
}

// Summary returns the one-line description in l.
func (g GameInfo) Summary(l Lang) string {
	if l == German {
		return g.SummaryD
	}
	return g.SummaryE
}

// Games lists every game in the order the app shows them.
func Games() []GameInfo {
	out := make([]GameInfo, len(defs))
	for i, d := range defs {
		out[i] = d.info
	}
	return out
}

// LookupGame returns the game with the given id.
func LookupGame(id string) (GameInfo, error) {
	if d := def(GameID(id)); d != nil {
		return d.info, nil
	}
	ids := make([]string, len(defs))
	for i, d := range defs {
		ids[i] = string(d.info.ID)
	}
	return GameInfo{}, newError(CodeUnknownGame, id, strings.Join(ids, ", "))
}

// OptionKind is the type of an option's value.
type OptionKind int

// The option kinds.
const (
	KindBool OptionKind = iota
	KindInt
	KindFaces
)

// OptionSpec describes one house rule of one game.
type OptionSpec struct {
	ID      string
	Kind    OptionKind
	Default any // bool, int or []int
	// Values lists the allowed whole numbers (KindInt), first is the default;
	// empty means any number from Min on, a multiple of Step when Step > 0.
	Values []int
	Min    int
	Max    int // 0: no upper bound; else a limit no real game reaches
	Step   int
	EN, DE string

	// ref binds the spec to its field of Options: *bool, *int or *[]int.
	ref func(o *Options) any
	// conflicts are options that may not be on together with this one.
	conflicts []string
	// sixDice: the option needs six dice when it is not 0.
	sixDice bool
	// switchesOff are options this one turns off when it is on.
	switchesOff []string
}

// SwitchesOff lists the options this one turns off when it is on
// (bestaetigen and verschaerft switch beweisen off).
func (o OptionSpec) SwitchesOff() []string { return slices.Clone(o.switchesOff) }

// Describe returns the option's meaning in l.
func (o OptionSpec) Describe(l Lang) string {
	if l == German {
		return o.DE
	}
	return o.EN
}

// Name is the option's name for players in l ("Fünfer drehen", "turn
// fives"); the ID is what records and the command line use.
func (o OptionSpec) Name(l Lang) string {
	n, ok := optionNames[o.ID]
	if !ok {
		return o.ID
	}
	if l == German {
		return n[1]
	}
	return n[0]
}

// optionNames are the options' names in English and German, by id.
var optionNames = map[string][2]string{
	"wuerfel":                 {"dice", "Würfel"},
	"ziel":                    {"target", "Ziel"},
	"verdoppeln":              {"doubling", "Verdoppeln"},
	"strasse":                 {"street", "Straße"},
	"drei_paare":              {"three pairs", "Drei Paare"},
	"pyramide":                {"pyramid", "Pyramide"},
	"fuenfer_drehen":          {"turn fives", "Fünfer drehen"},
	"bestaetigen":             {"confirming", "Bestätigen"},
	"verschaerft":             {"stricter", "Verschärft"},
	"minus":                   {"minus", "Minus"},
	"nix":                     {"nix", "Nix"},
	"ergaenzen":               {"adding on", "Ergänzen"},
	"steigerung":              {"rising", "Steigerung"},
	"hausbau":                 {"house building", "Hausbau"},
	"beweisen":                {"proving", "Beweisen"},
	"joker":                   {"joker", "Joker"},
	"killer":                  {"killer numbers", "Killerzahlen"},
	"runden":                  {"rounds", "Runden"},
	"killerwurf_zaehlt_nicht": {"killer throw scores nothing", "Killerwurf zählt nicht"},
	"hundert":                 {"thirty to a hundred", "Von dreißig auf hundert"},
}

// Allowed says in words which values the option takes (English, as in
// error messages; see AllowedIn for people).
func (o OptionSpec) Allowed() string { return o.AllowedIn(English) }

// AllowedIn says in l which values the option takes.
func (o OptionSpec) AllowedIn(l Lang) string {
	tr := func(en, de string) string {
		if l == German {
			return de
		}
		return en
	}
	switch o.Kind {
	case KindBool:
		return tr("false, true", "false, true (nein, ja)")
	case KindFaces:
		return tr("one or two different faces 1–6, e.g. [5] or [1,6]", "eine oder zwei verschiedene Augenzahlen 1–6, z. B. [5] oder [1,6]")
	}
	if len(o.Values) > 0 {
		parts := make([]string, len(o.Values))
		for i, v := range o.Values {
			parts[i] = strconv.Itoa(v)
		}
		return strings.Join(parts, ", ")
	}
	switch {
	case o.Step > 0 && o.Max > 0:
		return fmt.Sprintf(tr("a positive multiple of %d up to %d", "ein positives Vielfaches von %d bis %d"), o.Step, o.Max)
	case o.Step > 0:
		return fmt.Sprintf(tr("a positive multiple of %d", "ein positives Vielfaches von %d"), o.Step)
	case o.Max > 0:
		return fmt.Sprintf(tr("a whole number from %d to %d", "eine ganze Zahl von %d bis %d"), o.Min, o.Max)
	}
	return fmt.Sprintf(tr("a whole number from %d", "eine ganze Zahl ab %d"), o.Min)
}

// boolOpt is a yes/no house rule bound to its field.
func boolOpt(id string, field func(*Options) *bool, def bool, en, de string) OptionSpec {
	return OptionSpec{ID: id, Kind: KindBool, Default: def, EN: en, DE: de,
		ref: func(o *Options) any { return field(o) }}
}

// intOpt is a whole-number house rule bound to its field.
func intOpt(s OptionSpec, field func(*Options) *int) OptionSpec {
	s.Kind, s.ref = KindInt, func(o *Options) any { return field(o) }
	return s
}

func diceOpt(values ...int) OptionSpec {
	return intOpt(OptionSpec{ID: "wuerfel", Default: values[0], Values: values,
		EN: "number of dice", DE: "Anzahl der Würfel"}, func(o *Options) *int { return &o.Wuerfel })
}

var zehntausendOptions = []OptionSpec{
	diceOpt(5, 6),
	intOpt(OptionSpec{ID: "ziel", Default: 10000, Min: 50, Max: 1000000, Step: 50,
		EN: "target total; who reaches it ends the game after the round", DE: "Zielpunktzahl; wer sie erreicht, beendet das Spiel nach der Runde"},
		func(o *Options) *int { return &o.Ziel }),
	boolOpt("verdoppeln", func(o *Options) *bool { return &o.Verdoppeln }, false,
		"each die beyond three of a kind doubles the value (2 2 2 2 = 400, 1 1 1 1 = 2000) instead of face×1000 fours",
		"jeder Würfel über den Dreierpasch hinaus verdoppelt (2 2 2 2 = 400, 1 1 1 1 = 2000) statt Vierer = Augen×1000"),
	intOpt(OptionSpec{ID: "strasse", Default: 0, Values: []int{0, 1000, 1250}, sixDice: true,
		EN: "value of the street 1-2-3-4-5-6 in one throw (6 dice); 0 = no combination", DE: "Wert der Straße 1-2-3-4-5-6 in einem Wurf (6 Würfel); 0 = keine Kombination"},
		func(o *Options) *int { return &o.Strasse }),
	intOpt(OptionSpec{ID: "drei_paare", Default: 0, Values: []int{0, 1000}, sixDice: true,
		EN: "three pairs in one throw (6 dice; also four of a kind plus a pair, six of a kind)", DE: "drei Pärchen in einem Wurf (6 Würfel; auch Vierling plus Paar, sechs Gleiche)"},
		func(o *Options) *int { return &o.DreiPaare }),
	intOpt(OptionSpec{ID: "pyramide", Default: 0, Values: []int{0, 1000}, sixDice: true,
		EN: "pyramid: one, two and three of three different faces in one throw (6 dice)", DE: "Pyramide: eins, zwei und drei von drei verschiedenen Augen in einem Wurf (6 Würfel)"},
		func(o *Options) *int { return &o.Pyramide }),
	boolOpt("fuenfer_drehen", func(o *Options) *bool { return &o.FuenferDrehen }, false,
		"two 5s of one throw may be turned into a 1: one 5 counts 100, the other is thrown again",
		"zwei Fünfen eines Wurfs dürfen in eine Eins gedreht werden: eine 5 zählt 100, die andere wird neu geworfen"),
	withSwitchesOff(boolOpt("bestaetigen", func(o *Options) *bool { return &o.Bestaetigen }, false,
		"a throw of all dice with all dice set aside must be confirmed by a further scoring throw; no proving",
		"ein Wurf mit allen Würfeln, bei dem alle zur Seite gelegt werden, muss durch einen weiteren Wurf mit Punkten bestätigt werden; kein Beweisen"), "beweisen"),
	withSwitchesOff(boolOpt("verschaerft", func(o *Options) *bool { return &o.Verschaerft }, false,
		"no proving; a stop needs 350 or more turn points and at most 2 dice left in the cup",
		"kein Beweisen; schreiben erst ab 350 Punkten im Zug und mit höchstens 2 Würfeln im Becher"), "beweisen"),
	withConflicts(boolOpt("minus", func(o *Options) *bool { return &o.Minus }, false,
		"a bust on the turn's first throw costs 1000 points", "ein Fehlwurf beim ersten Wurf des Zugs kostet 1000 Punkte"), "nix"),
	boolOpt("nix", func(o *Options) *bool { return &o.Nix }, false,
		"a turn's first throw with nothing scoring earns 1000 and ends the turn", "ein erster Wurf ohne Punkte bringt 1000 und beendet den Zug"),
	boolOpt("ergaenzen", func(o *Options) *bool { return &o.Ergaenzen }, false,
		"in a later throw of the same pass each die of a kept triple's face doubles it (3 3 3 = 300, then a 3: 600)",
		"in einem späteren Wurf desselben Durchgangs verdoppelt jeder passende Würfel den Pasch (3 3 3 = 300, dann eine 3: 600)"),
	boolOpt("steigerung", func(o *Options) *bool { return &o.Steigerung }, false,
		"no stop before the turn's points are more than the previous turn's result",
		"schreiben erst, wenn die Punkte des Zugs das Ergebnis des vorigen Zugs übertreffen"),
	boolOpt("hausbau", func(o *Options) *bool { return &o.Hausbau }, false,
		"a throw with dice stacked, tilted or off the table is void and thrown again; three in a row end the turn with nothing",
		"ein Wurf mit gestapelten, schrägen oder heruntergefallenen Würfeln ist ungültig und wird wiederholt; drei hintereinander beenden den Zug ohne Punkte"),
	boolOpt("beweisen", func(o *Options) *bool { return &o.Beweisen }, true,
		"triples and fours must be proved by a 1 or 5 set aside in a later throw before stopping",
		"Dreier- und Viererpasche müssen vor dem Schreiben durch eine 1 oder 5 in einem späteren Wurf bewiesen werden"),
}

var kniffelOptions = []OptionSpec{diceOpt(5),
	boolOpt("joker", func(o *Options) *bool { return &o.Joker }, false,
		"official joker rule: a further Kniffel goes in its upper box if free, else in a lower box at full value",
		"offizielle Joker-Regel: ein weiterer Kniffel kommt ins passende obere Feld, sonst in ein unteres Feld zum vollen Wert"),
}

var totOptions = []OptionSpec{
	intOpt(OptionSpec{ID: "wuerfel", Default: 5, Min: 1, Max: 36, EN: "number of dice", DE: "Anzahl der Würfel"},
		func(o *Options) *int { return &o.Wuerfel }),
	{ID: "killer", Kind: KindFaces, Default: []int{5}, EN: "the killer number(s): dice showing them are out", DE: "die Killerzahl(en): Würfel, die sie zeigen, scheiden aus",
		ref: func(o *Options) any { return &o.Killer }},
	intOpt(OptionSpec{ID: "runden", Default: 3, Min: 1, Max: 100, EN: "number of rounds", DE: "Anzahl der Runden"},
		func(o *Options) *int { return &o.Runden }),
	boolOpt("killerwurf_zaehlt_nicht", func(o *Options) *bool { return &o.KillerwurfZaehltNicht }, false,
		"a throw with any killer number scores nothing", "ein Wurf mit einer Killerzahl zählt gar nicht"),
}

var dreissigOptions = []OptionSpec{diceOpt(6),
	boolOpt("hundert", func(o *Options) *bool { return &o.Hundert }, false,
		"thirty to a hundred (two players): at 0 or below both accounts get 30; first to 100 wins",
		"Von dreißig auf hundert (zwei Spieler): bei 0 oder darunter bekommen beide Konten 30; wer zuerst 100 hat, gewinnt"),
}

func withConflicts(s OptionSpec, ids ...string) OptionSpec   { s.conflicts = ids; return s }
func withSwitchesOff(s OptionSpec, ids ...string) OptionSpec { s.switchesOff = ids; return s }

// specsOf is the house rules of game g (none for an unknown game).
func specsOf(g GameID) []OptionSpec {
	if d := def(g); d != nil {
		return d.specs
	}
	return nil
}

// OptionSpecs lists the house rules of a game.
func OptionSpecs(g GameID) []OptionSpec { return slices.Clone(specsOf(g)) }

// Options are the house rules a table agreed on, with every value filled in.
type Options struct {
	Wuerfel               int
	Ziel                  int
	Verdoppeln            bool
	Strasse               int
	DreiPaare             int
	Pyramide              int
	FuenferDrehen         bool
	Bestaetigen           bool
	Verschaerft           bool
	Minus                 bool
	Nix                   bool
	Ergaenzen             bool
	Steigerung            bool
	Hausbau               bool
	Beweisen              bool
	Joker                 bool
	Killer                []int
	KillerwurfZaehltNicht bool
	Runden                int
	Hundert               bool
}

// Option values as they come from a record: raw JSON per option id.
type RawOptions map[string]json.RawMessage

func (o *Options) set(s OptionSpec, v any) {
	switch f := s.ref(o).(type) {
	case *int:
		*f = v.(int)
	case *bool:
		*f = v.(bool)
	case *[]int:
		*f = slices.Clone(v.([]int))
	}
}

// Get returns the value of option id (bool, int or []int), nil for an
// unknown id.
func (o Options) Get(id string) any {
	s, ok := specByID[id]
	if !ok {
		return nil
	}
	return s.value(&o)
}

// value is the spec's value in o.
func (s OptionSpec) value(o *Options) any {
	switch f := s.ref(o).(type) {
	case *int:
		return *f
	case *bool:
		return *f
	case *[]int:
		return slices.Clone(*f)
	}
	return nil
}

// on reports whether the spec's option is switched on in o (true, or a
// number other than 0).
func (s OptionSpec) on(o *Options) bool {
	switch v := s.value(o).(type) {
	case bool:
		return v
	case int:
		return v != 0
	}
	return false
}

// specByID finds every option by id, whichever game has it; options of the
// same id in several games share their field.
var specByID = func() map[string]OptionSpec {
	m := map[string]OptionSpec{}
	for _, d := range defs {
		for _, s := range d.specs {
			if _, ok := m[s.ID]; !ok {
				m[s.ID] = s
			}
		}
	}
	return m
}()

func specOf(g GameID, id string) (OptionSpec, error) {
	specs := specsOf(g)
	for _, s := range specs {
		if s.ID == id {
			return s, nil
		}
	}
	ids := make([]string, 0, len(specs))
	for _, s := range specs {
		ids = append(ids, s.ID)
	}
	return OptionSpec{}, newError(CodeUnknownOption, string(g), id, strings.Join(ids, ", "))
}

// check validates one value against the spec and returns it normalised.
func (s OptionSpec) check(v any) (any, error) {
	switch s.Kind {
	case KindBool:
		b, ok := v.(bool)
		if !ok {
			return nil, newError(CodeOptionType, s.ID, PhraseTrueFalse, fmt.Sprint(v))
		}
		return b, nil
	case KindInt:
		n, ok := v.(int)
		if !ok {
			return nil, newError(CodeOptionType, s.ID, PhraseWholeNumber, fmt.Sprint(v))
		}
		if len(s.Values) > 0 && !slices.Contains(s.Values, n) ||
			len(s.Values) == 0 && (n < s.Min || s.Max > 0 && n > s.Max || s.Step > 0 && n%s.Step != 0) {
			return nil, newError(CodeOptionValue, s.ID, n, allowedText(s))
		}
		return n, nil
	default:
		faces, ok := v.([]int)
		if !ok {
			return nil, newError(CodeOptionType, s.ID, PhraseFaces, fmt.Sprint(v))
		}
		if len(faces) < 1 || len(faces) > 2 {
			return nil, newError(CodeOptionValue, s.ID, faces, allowedText(s))
		}
		for _, f := range faces {
			if f < 1 || f > 6 {
				return nil, newError(CodeOptionValue, s.ID, faces, allowedText(s))
			}
		}
		if len(faces) == 2 && faces[0] == faces[1] {
			return nil, newError(CodeOptionValue, s.ID, faces, allowedText(s))
		}
		faces = slices.Clone(faces)
		sort.Ints(faces)
		return faces, nil
	}
}

// DefaultOptions returns the basic game's options.
func DefaultOptions(g GameID) Options {
	var o Options
	for _, s := range specsOf(g) {
		o.set(s, s.Default)
	}
	if d := def(g); d != nil && d.basic != nil {
		d.basic(&o)
	}
	return o
}

// MakeOptions checks the given option values (bool, int or []int by id) for
// game g and fills in the defaults. Contradicting options are refused.
func MakeOptions(g GameID, values map[string]any) (Options, error) {
	if _, err := LookupGame(string(g)); err != nil {
		return Options{}, err
	}
	o := DefaultOptions(g)
	ids := make([]string, 0, len(values))
	for id := range values {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		s, err := specOf(g, id)
		if err != nil {
			return Options{}, err
		}
		v, err := s.check(values[id])
		if err != nil {
			return Options{}, err
		}
		o.set(s, v)
	}
	if err := settle(specsOf(g), &o); err != nil {
		return Options{}, err
	}
	return o, nil
}

// settle applies what the specs declare about each other: conflicts first,
// then the options that need six dice, then the options one switches off
// (bestaetigen and verschaerft switch proving off, RULES.md).
func settle(specs []OptionSpec, o *Options) error {
	for _, s := range specs {
		for _, other := range s.conflicts {
			if s.on(o) && specByID[other].on(o) {
				return newError(CodeOptionConflict, s.ID, other)
			}
		}
	}
	for _, s := range specs {
		if s.sixDice && o.Wuerfel != 6 && s.on(o) {
			return newError(CodeOptionSixDice, s.ID)
		}
	}
	for _, s := range specs {
		if s.on(o) {
			for _, off := range s.switchesOff {
				o.set(specByID[off], false)
			}
		}
	}
	return nil
}

// ParseRawOptions decodes the options object of a record.
func ParseRawOptions(g GameID, raw RawOptions) (Options, error) {
	values := make(map[string]any, len(raw))
	ids := make([]string, 0, len(raw))
	for id := range raw {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		msg := raw[id]
		s, err := specOf(g, id)
		if err != nil {
			if _, gerr := LookupGame(string(g)); gerr != nil {
				return Options{}, gerr
			}
			return Options{}, err
		}
		v, err := decodeOption(s, msg)
		if err != nil {
			return Options{}, err
		}
		values[id] = v
	}
	return MakeOptions(g, values)
}

func decodeOption(s OptionSpec, msg json.RawMessage) (any, error) {
	switch s.Kind {
	case KindBool:
		var b bool
		if err := json.Unmarshal(msg, &b); err != nil {
			return nil, newError(CodeOptionType, s.ID, PhraseTrueFalse, string(msg))
		}
		return b, nil
	case KindInt:
		var n int
		if err := json.Unmarshal(msg, &n); err != nil {
			return nil, newError(CodeOptionType, s.ID, PhraseWholeNumber, string(msg))
		}
		return n, nil
	default:
		var faces []int
		if err := json.Unmarshal(msg, &faces); err != nil || faces == nil {
			return nil, newError(CodeOptionType, s.ID, PhraseFaces, string(msg))
		}
		return faces, nil
	}
}

// ParseOptionFlag reads "id=value" as typed on the command line: true/false,
// a whole number, or faces such as 5, 1,6 or [1,6] for killer.
func ParseOptionFlag(g GameID, kv string) (string, any, error) {
	id, val, ok := strings.Cut(kv, "=")
	id = strings.TrimSpace(id)
	if !ok {
		val = "true"
	}
	s, err := specOf(g, id)
	if err != nil {
		return "", nil, err
	}
	val = strings.TrimSpace(val)
	switch s.Kind {
	case KindBool:
		b, ok := parseBool(val)
		if !ok {
			return "", nil, newError(CodeOptionType, id, PhraseTrueFalse, val)
		}
		return id, b, nil
	case KindInt:
		n, err := strconv.Atoi(val)
		if err != nil {
			return "", nil, newError(CodeOptionType, id, PhraseWholeNumber, val)
		}
		return id, n, nil
	default:
		faces, err := ParseDice(val)
		if err != nil {
			return "", nil, newError(CodeOptionType, id, PhraseFaces, val)
		}
		return id, faces, nil
	}
}

// Map returns the options that differ from the game's defaults, by id, in a
// form that encodes to the record's options object.
func (o Options) Map(g GameID) map[string]any {
	basic := DefaultOptions(g)
	out := map[string]any{}
	for _, s := range specsOf(g) {
		v, d := s.value(&o), s.value(&basic)
		if fmt.Sprint(v) != fmt.Sprint(d) {
			out[s.ID] = v
		}
	}
	return out
}

// allowedText is the allowed values of an option, in the message's language.
type allowedText OptionSpec

// Text says in l which values the option takes.
func (a allowedText) Text(l Lang) string { return OptionSpec(a).AllowedIn(l) }

// parseBool reads a yes or no as people type it, in English or German.
func parseBool(s string) (bool, bool) {
	switch strings.ToLower(s) {
	case "true", "t", "1", "yes", "y", "on", "ja", "j", "an", "wahr":
		return true, true
	case "false", "f", "0", "no", "n", "off", "nein", "aus", "falsch":
		return false, true
	}
	return false, false
}
