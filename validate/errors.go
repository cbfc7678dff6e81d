package validate

import (
	"errors"
	"fmt"
)

// Code is the stable identifier of a rule (or of an input problem). Codes
// appear in verdicts and in the database; they never change meaning.
type Code string

// Lang is a language for messages people read.
type Lang string

// The languages of the app.
const (
	English Lang = "en"
	German  Lang = "de"
)

// Error is a broken rule or a bad input. Its message names the rule in words
// players use, in German and in English.
type Error struct {
	Code Code
	Args []any
}

// Error returns the English message.
func (e *Error) Error() string { return e.Message(English) }

// Message returns the message in the given language.
func (e *Error) Message(l Lang) string {
	m, ok := catalog[e.Code]
	if !ok {
		return string(e.Code)
	}
	if f, ok := diceCountForms[e.phraseArg(1)]; ok && e.Code == CodeDiceCount {
		m = f
	}
	f := m.en
	if l == German {
		f = m.de
	}
	if len(e.Args) == 0 {
		return f
	}
	args := make([]any, len(e.Args))
	for i, a := range e.Args {
		if t, ok := a.(interface{ Text(Lang) string }); ok {
			args[i] = t.Text(l)
		} else {
			args[i] = a
		}
	}
	return fmt.Sprintf(f, args...)
}

// phraseArg is e's argument i where it is a phrase, else "".
func (e *Error) phraseArg(i int) Phrase {
	if i < len(e.Args) {
		if p, ok := e.Args[i].(Phrase); ok {
			return p
		}
	}
	return ""
}

// diceCountForms say CodeDiceCount (same code, same meaning) where "to
// throw now" does not fit: Kniffel's final dice (quick entry) are not
// thrown and nothing of them is held ("the final dice are 5 dice, not 6").
// The arguments are CodeDiceCount's: the dice wanted, the phrase, the dice
// given.
var diceCountForms = map[Phrase]message{
	PhraseFinalDice: {"wrong number of dice: the final dice are %[1]d dice, not %[3]d",
		"falsche Zahl von Würfeln: die Endwürfel sind %[1]d Würfel, nicht %[3]d", false},
}

// Phrase is a piece of a message that is itself translated, such as the
// reason a turn is over.
type Phrase string

// The phrases.
const (
	PhraseAllDiceOut   Phrase = "all-dice-out"
	PhraseBust         Phrase = "bust"
	PhraseNix          Phrase = "nix"
	PhraseThreeVoid    Phrase = "three-void"
	PhraseStopped      Phrase = "stopped"
	PhraseScored       Phrase = "scored"
	PhraseNoStop       Phrase = "no-stop"
	PhraseNoCategory   Phrase = "no-category"
	PhraseDiceLeft     Phrase = "dice-left"
	PhraseAttackLeft   Phrase = "attack-left"
	PhraseOneThrow     Phrase = "one-throw"
	PhraseNoThrowYet   Phrase = "no-throw-yet"
	PhraseNewPass      Phrase = "new-pass"
	PhraseLeftInCup    Phrase = "left-in-cup"
	PhraseLiveDice     Phrase = "live-dice"
	PhraseKniffelDice  Phrase = "kniffel-dice"
	PhraseFinalDice    Phrase = "final-dice"
	PhraseAttackDice   Phrase = "attack-dice"
	PhraseFromPrevious Phrase = "from-previous"
	PhraseSixAside     Phrase = "six-aside"
	PhraseTrueFalse    Phrase = "true-false"
	PhraseThrowText    Phrase = "throw-text"
	PhraseThrowTurned  Phrase = "throw-text-turned"
	PhraseAllDice      Phrase = "all-dice"
	PhraseWholeNumber  Phrase = "whole-number"
	PhraseFaces        Phrase = "faces"
	PhraseEmpty        Phrase = "empty"
	PhraseSpaces       Phrase = "spaces"
	PhraseTooLong      Phrase = "too-long"
	PhraseControl      Phrase = "control"
)

var phrases = map[Phrase][2]string{
	PhraseAllDiceOut:   {"all dice are out", "alle Würfel sind aus dem Spiel"},
	PhraseBust:         {"the last throw was a bust", "der letzte Wurf war ein Fehlwurf"},
	PhraseNix:          {"the turn ended with nix (1000 points)", "der Zug endete mit Nix (1000 Punkte)"},
	PhraseThreeVoid:    {"three void throws in a row ended the turn", "drei Fehlversuche hintereinander haben den Zug beendet"},
	PhraseStopped:      {"the points were written down", "die Punkte wurden geschrieben"},
	PhraseScored:       {"the category was entered", "die Kategorie wurde eingetragen"},
	PhraseNoStop:       {"no stop and no bust", "weder geschrieben noch Fehlwurf"},
	PhraseNoCategory:   {"no category chosen", "keine Kategorie gewählt"},
	PhraseDiceLeft:     {"not all six dice are set aside", "noch nicht alle sechs Würfel liegen zur Seite"},
	PhraseAttackLeft:   {"the attack is not over", "der Angriff ist noch nicht vorbei"},
	PhraseOneThrow:     {"a turn is exactly one throw", "ein Zug ist genau ein Wurf"},
	PhraseNoThrowYet:   {"no throw yet", "noch kein Wurf"},
	PhraseNewPass:      {"all dice, a new pass", "alle Würfel, neuer Durchgang"},
	PhraseLeftInCup:    {"the dice left in the cup", "die Würfel im Becher"},
	PhraseLiveDice:     {"the dice still alive", "die noch lebenden Würfel"},
	PhraseKniffelDice:  {"the dice not kept", "die nicht behaltenen Würfel"},
	PhraseFinalDice:    {"the final dice", "die Endwürfel"},
	PhraseAttackDice:   {"the dice not yet set aside in the attack", "die im Angriff noch nicht zur Seite gelegten Würfel"},
	PhraseAllDice:      {"all dice", "alle Würfel"},
	PhraseTrueFalse:    {"true or false", "true oder false (ja oder nein)"},
	PhraseThrowText:    {"a throw is its dice 1 to 6 (111523 or 1 1 1 5 2 3), then once / and the dice set aside (111523/111)", "ein Wurf sind seine Würfel 1 bis 6 (111523 oder 1 1 1 5 2 3), dann einmal / und die Würfel, die zur Seite kommen (111523/111)"},
	PhraseThrowTurned:  {"a throw is its dice 1 to 6 (111523 or 1 1 1 5 2 3), then once / and the dice set aside (111523/111), a turned five as 5* (552346/5*), a void throw (Hausbau) as v alone", "ein Wurf sind seine Würfel 1 bis 6 (111523 oder 1 1 1 5 2 3), dann einmal / und die Würfel, die zur Seite kommen (111523/111), eine gedrehte Fünf als 5* (552346/5*), ein Fehlversuch (Hausbau) als v allein"},
	PhraseWholeNumber:  {"a whole number", "eine ganze Zahl"},
	PhraseFaces:        {"a list of faces such as [5] or [1,6]", "eine Liste von Augenzahlen wie [5] oder [1,6]"},
	PhraseEmpty:        {"it is empty", "er ist leer"},
	PhraseSpaces:       {"it starts or ends with a space", "er beginnt oder endet mit einem Leerzeichen"},
	PhraseTooLong:      {"it is longer than 40 characters", "er ist länger als 40 Zeichen"},
	PhraseControl:      {"it contains a control character or an escape sequence", "er enthält ein Steuerzeichen oder eine Escape-Sequenz"},
	PhraseSixAside:     {"all six dice are set aside (an attack is entered as attack throws)", "alle sechs Würfel liegen zur Seite (ein Angriff wird als Angriffswürfe eingetragen)"},
	PhraseFromPrevious: {"the dice the previous player left", "die Würfel, die der Vorgänger übrig ließ"},
}

// Text returns the phrase in l.
func (p Phrase) Text(l Lang) string {
	t, ok := phrases[p]
	if !ok {
		return string(p)
	}
	if l == German {
		return t[1]
	}
	return t[0]
}

// Input reports whether the error is about input that is not a record or
// not dice at all (exit status 2), rather than a broken game rule (1).
func (e *Error) Input() bool { return catalog[e.Code].input }

// newError makes an error; whether it is about input comes from the catalog.
func newError(c Code, args ...any) *Error { return &Error{Code: c, Args: args} }

// IsInput reports whether err is a validate error about malformed input.
func IsInput(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Input()
}

// Localize returns err's message in l when it can say it in l (a validate
// error, or any error with a Message(Lang) method), else err.Error().
func Localize(err error, l Lang) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Message(l)
	}
	var m interface{ Message(Lang) string }
	if errors.As(err, &m) {
		return m.Message(l)
	}
	return err.Error()
}

// The codes. Input problems first, then the rules by game.
const (
	CodeBadPip           Code = "input.pip"
	CodeBadPipValue      Code = "input.pip-value"
	CodeBadDiceChar      Code = "input.dice-char"
	CodeTurnedNotFive    Code = "input.turned-not-five"
	CodeBadThrowChar     Code = "input.throw-char"
	CodeUnknownGame      Code = "input.game"
	CodeUnknownOption    Code = "input.option"
	CodeOptionType       Code = "input.option-type"
	CodeOptionValue      Code = "input.option-value"
	CodeOptionConflict   Code = "input.option-conflict"
	CodeOptionSixDice    Code = "input.option-six-dice"
	CodeHundertPlayers   Code = "input.hundert-players"
	CodeTooManyDice      Code = "input.too-many-dice"
	CodeKniffelFive      Code = "input.kniffel-five"
	CodeNoDice           Code = "input.no-dice"
	CodeNoPlayers        Code = "input.no-players"
	CodePlayerName       Code = "input.player-name"
	CodeDuplicatePlayer  Code = "input.player-duplicate"
	CodeTooManyPlayers   Code = "input.too-many-players"
	CodeFieldForGame     Code = "turn.field"
	CodeWrongPlayer      Code = "turn.player"
	CodeGameOver         Code = "turn.game-over"
	CodeUnfinishedTurn   Code = "turn.unfinished"
	CodeTurnOver         Code = "turn.over"
	CodeDiceCount        Code = "throw.dice-count"
	CodeKeepNotThrown    Code = "keep.not-thrown"
	CodeKeepRequired     Code = "keep.required"
	CodeKeepNotScoring   Code = "keep.not-scoring"
	CodeKeepOnBust       Code = "keep.on-bust"
	CodeKeepAllScoring   Code = "keep.all-scoring"
	CodeFivesNotAllowed  Code = "keep.fives-not-allowed"
	CodeFivesPartner     Code = "keep.fives-partner"
	CodeVoidNotAllowed   Code = "throw.void-not-allowed"
	CodeStopNoThrow      Code = "stop.no-throw"
	CodeStopAfterVoid    Code = "stop.after-void"
	CodeStopAfterBust    Code = "stop.after-bust"
	CodeStopNotAllowed   Code = "stop.not-in-game"
	CodeHurdle350        Code = "stop.hurdle-350"
	CodeConfirm1500      Code = "stop.confirm-1500"
	CodeEntry500         Code = "stop.entry-500"
	CodeMin100           Code = "stop.min-100"
	CodeRoundHundreds    Code = "stop.round-hundreds"
	CodeProof            Code = "stop.proof"
	CodeConfirmAll       Code = "stop.bestaetigen"
	CodeVerschaerftPts   Code = "stop.verschaerft-points"
	CodeVerschaerftDice  Code = "stop.verschaerft-dice"
	CodeSteigerung       Code = "stop.steigerung"
	CodeKniffelThrows    Code = "kniffel.throws"
	CodeKniffelKeepLast  Code = "kniffel.keep-last"
	CodeKniffelCategory  Code = "kniffel.category"
	CodeKniffelFilled    Code = "kniffel.filled"
	CodeKniffelNoThrow   Code = "kniffel.no-throw"
	CodeKniffelBoth      Code = "kniffel.dice-and-throws"
	CodeKniffelKeep      Code = "kniffel.keep"
	CodeKniffelAllKept   Code = "kniffel.all-kept"
	CodeJokerUpper       Code = "kniffel.joker-upper"
	CodeJokerLower       Code = "kniffel.joker-lower"
	CodeDreissigKeepNone Code = "dreissig.keep-none"
	CodeAttackNotDue     Code = "dreissig.attack-not-due"
	CodeAttackOver       Code = "dreissig.attack-over"
	CodeAttackBeforeOwn  Code = "dreissig.attack-early"
)

type message struct {
	en, de string
	input  bool
}

var catalog = map[Code]message{
	CodeBadPip:          {"%q at position %d is not a die: dice show 1 to 6", "%q an Stelle %d ist kein Würfel: Würfel zeigen 1 bis 6", true},
	CodeBadPipValue:     {"%v is not a die: pips are whole numbers from 1 to 6", "%v ist kein Würfel: Augenzahlen sind ganze Zahlen von 1 bis 6", true},
	CodeBadDiceChar:     {"%q at position %d is not a die: type the pips 1 to 6, e.g. 111523 or 1 1 1 5 2 3", "%q an Stelle %d ist kein Würfel: die Augen 1 bis 6 eintippen, z. B. 111523 oder 1 1 1 5 2 3", true},
	CodeBadThrowChar:    {"%q at position %d is not part of a throw: %s", "%q an Stelle %d gehört zu keinem Wurf: %s", true},
	CodeTurnedNotFive:   {"%q at position %d: only a 5 can be turned into a 1 (type 5* for a turned five)", "%q an Stelle %d: nur eine 5 lässt sich in eine 1 drehen (5* tippen für eine gedrehte Fünf)", true},
	CodeUnknownGame:     {"unknown game %q (known: %s)", "unbekanntes Spiel %q (bekannt: %s)", true},
	CodeUnknownOption:   {"the game %s has no house rule %q (it has: %s)", "das Spiel %s kennt die Hausregel %q nicht (es kennt: %s)", true},
	CodeOptionType:      {"house rule %q takes %s, not %s", "die Hausregel %q erwartet %s, nicht %s", true},
	CodeOptionValue:     {"house rule %q cannot be %v: allowed is %s", "die Hausregel %q kann nicht %v sein: erlaubt ist %s", true},
	CodeOptionConflict:  {"house rules %q and %q contradict each other: choose one", "die Hausregeln %q und %q widersprechen sich: nur eine wählen", true},
	CodeOptionSixDice:   {"house rule %q needs 6 dice (wuerfel=6)", "die Hausregel %q braucht 6 Würfel (wuerfel=6)", true},
	CodeHundertPlayers:  {"\"thirty to a hundred\" (hundert: at 0 or below both accounts get 30; first to 100 wins) is for exactly two players, not %d", "„Von dreißig auf hundert“ (hundert: bei 0 oder darunter bekommen beide Konten 30; wer zuerst 100 hat, gewinnt) ist nur für genau zwei Spieler, nicht %d", true},
	CodeTooManyDice:     {"%s is played with %d dice, not %d", "%s wird mit %d Würfeln gespielt, nicht mit %d", true},
	CodeKniffelFive:     {"Kniffel scores exactly five dice, not %d", "Kniffel wertet genau fünf Würfel, nicht %d", true},
	CodeNoDice:          {"no dice given", "keine Würfel angegeben", true},
	CodeNoPlayers:       {"a game needs at least one player", "ein Spiel braucht mindestens einen Spieler", true},
	CodePlayerName:      {"player name %q is not allowed: %s", "der Spielername %q ist nicht erlaubt: %s", true},
	CodeDuplicatePlayer: {"player %q is listed twice", "Spieler %q ist doppelt aufgeführt", true},
	CodeTooManyPlayers:  {"a game has at most %d players, not %d", "ein Spiel hat höchstens %d Spieler, nicht %d", true},

	CodeFieldForGame:   {"%q is not part of a turn in %s", "%q gehört in %s nicht zu einem Zug", false},
	CodeWrongPlayer:    {"it is %s's turn, not %s's (players take turns in seat order)", "%s ist am Zug, nicht %s (es wird reihum in Sitzordnung gespielt)", false},
	CodeGameOver:       {"the game is already over; no more turns may be played", "das Spiel ist schon zu Ende; es darf kein Zug mehr folgen", false},
	CodeUnfinishedTurn: {"the turn was not finished (%s), but another turn follows; only the last turn may be unfinished", "der Zug wurde nicht beendet (%s), aber es folgt ein weiterer Zug; nur der letzte Zug darf offen sein", false},
	CodeTurnOver:       {"%s; the turn is over", "%s; der Zug ist vorbei", false},
	CodeDiceCount:      {"wrong number of dice: %d to throw now (%s), not %d", "falsche Zahl von Würfeln: jetzt %d zu werfen (%s), nicht %d", false},
	CodeKeepNotThrown:  {"the dice set aside (%s) were not all thrown in this throw (%s)", "die zur Seite gelegten Würfel (%s) wurden nicht alle in diesem Wurf (%s) geworfen", false},
	CodeKeepRequired:   {"at least one scoring die must be set aside after a throw that scores", "nach einem Wurf, der zählt, muss mindestens ein zählender Würfel zur Seite gelegt werden", false},
	CodeKeepNotScoring: {"the dice set aside (%s) do not all belong to scoring combinations of this one throw", "die zur Seite gelegten Würfel (%s) gehören nicht alle zu zählenden Kombinationen dieses einen Wurfs", false},
	CodeKeepOnBust:     {"nothing in %s scores (a bust), so nothing can be set aside", "in %s zählt nichts (Fehlwurf), also kann nichts zur Seite gelegt werden", false},
	CodeKeepAllScoring: {"all scoring dice must be set aside: %s, not %s", "alle zählenden Würfel müssen zur Seite gelegt werden: %s, nicht %s", false},
	CodeFivesNotAllowed: {"turning two fives into a one is not allowed in this game",
		"zwei Fünfen in eine Eins umwandeln ist in diesem Spiel nicht erlaubt", false},
	CodeFivesPartner: {"each 5 counted as a 1 needs a second 5 of the same throw that is thrown again (%d turned, %d fives thrown again)",
		"jede als Eins gezählte 5 braucht eine zweite 5 aus demselben Wurf, die wieder geworfen wird (%d umgewandelt, %d Fünfen wieder geworfen)", false},
	CodeVoidNotAllowed: {"a void throw (Hausbau) is only allowed with the house rule hausbau",
		"ein Fehlversuch (ungültiger Wurf) ist nur mit der Hausregel hausbau erlaubt", false},
	CodeStopNoThrow: {"stopping is only allowed after a successful throw", "schreiben darf man nur nach einem erfolgreichen Wurf", false},
	CodeStopAfterVoid: {"stopping is not allowed right after a void throw: throw again",
		"direkt nach einem Fehlversuch darf man nicht schreiben: nochmal werfen", false},
	CodeStopAfterBust:  {"there is nothing to write down: %s", "es gibt nichts zu schreiben: %s", false},
	CodeStopNotAllowed: {"%s has no stop: the turn ends by itself", "%s kennt kein Schreiben: der Zug endet von selbst", false},
	CodeHurdle350: {"stopping needs %d or more points in the current pass (this pass has %d)",
		"schreiben erst ab %d Punkten im laufenden Durchgang (dieser Durchgang hat %d)", false},
	CodeConfirm1500: {"a 1500 combination must be confirmed: throw all six dice again and reach %d in the new pass",
		"eine 1500er-Kombination muss bestätigt werden: alle sechs Würfel neu werfen und im neuen Durchgang %d erreichen", false},
	CodeEntry500: {"to enter the game a player must stop with %d or more points in the turn (this turn has %d)",
		"zum Einstieg muss man mit mindestens %d Punkten im Zug schreiben (dieser Zug hat %d)", false},
	CodeMin100: {"a stop needs at least %d points in the turn (this turn has %d)",
		"schreiben erst ab %d Punkten im Zug (dieser Zug hat %d)", false},
	CodeRoundHundreds: {"no stop while the turn's points end in 50 (%d): throw on to round them up",
		"bei Punkten, die auf 50 enden (%d), darf man nicht aufhören: weiterwürfeln zum Aufrunden", false},
	CodeProof: {"an of-a-kind combination must be proved by setting aside a 1 or a 5 in a later throw before stopping",
		"ein Pasch muss vor dem Schreiben bewiesen werden: in einem späteren Wurf eine 1 oder 5 zur Seite legen", false},
	CodeConfirmAll: {"a throw with all dice set aside must be confirmed by throwing again and scoring",
		"ein Wurf, bei dem alle Würfel zur Seite gelegt wurden, muss bestätigt werden: nochmal werfen und punkten", false},
	CodeVerschaerftPts: {"verschärft: a stop needs %d or more points in the turn (this turn has %d)",
		"verschärft: schreiben erst ab %d Punkten im Zug (dieser Zug hat %d)", false},
	CodeVerschaerftDice: {"verschärft: at most %d dice may be left in the cup to stop (%d are left)",
		"verschärft: zum Schreiben dürfen höchstens %d Würfel übrig sein (%d sind übrig)", false},
	CodeSteigerung: {"Steigerung: the turn's points (%d) must exceed the previous player's last turn result (%d) before stopping",
		"Steigerung: die Punkte des Zugs (%d) müssen vor dem Schreiben das letzte Ergebnis des Vorgängers (%d) übertreffen", false},
	CodeKniffelThrows:   {"a turn has at most three throws", "ein Zug hat höchstens drei Würfe", false},
	CodeKniffelKeepLast: {"no dice can be kept after the last throw of a turn", "nach dem letzten Wurf eines Zugs kann nichts mehr behalten werden", false},
	CodeKniffelCategory: {"%q is not a Kniffel category (categories: %s)", "%q ist keine Kniffel-Kategorie (Kategorien: %s)", false},
	CodeKniffelFilled:   {"the box %s is already filled", "das Feld %s ist schon ausgefüllt", false},
	CodeKniffelNoThrow:  {"a category can only be chosen after a throw", "eine Kategorie kann erst nach einem Wurf gewählt werden", false},
	CodeKniffelBoth:     {"a Kniffel turn gives either its throws or just its final dice, not both", "ein Kniffel-Zug gibt entweder seine Würfe oder nur die Endwürfel an, nicht beides", false},
	CodeKniffelKeep:     {"the dice kept (%s) are not among the five dice (%s)", "die behaltenen Würfel (%s) sind nicht unter den fünf Würfeln (%s)", false},
	CodeKniffelAllKept:  {"all five dice are kept: there is nothing to throw; choose a box", "alle fünf Würfel sind behalten: es gibt nichts zu werfen; ein Feld wählen", false},
	CodeJokerUpper: {"joker rule: a further Kniffel must go in the matching upper box (%s) while it is free",
		"Joker-Regel: ein weiterer Kniffel muss in das passende obere Feld (%s), solange es frei ist", false},
	CodeJokerLower: {"joker rule: a further Kniffel goes in a free lower box before any upper box",
		"Joker-Regel: ein weiterer Kniffel kommt in ein freies unteres Feld, bevor ein oberes gestrichen wird", false},
	CodeDreissigKeepNone: {"at least one die must be set aside after every throw", "nach jedem Wurf muss mindestens ein Würfel zur Seite gelegt werden", false},
	CodeAttackNotDue: {"there is no attack: the six dice add up to %d, not more than 30",
		"es gibt keinen Angriff: die sechs Würfel ergeben %d, nicht mehr als 30", false},
	CodeAttackOver: {"the attack is over: the last throw showed no %d or no dice are left",
		"der Angriff ist vorbei: der letzte Wurf zeigte keine %d oder es sind keine Würfel mehr übrig", false},
	CodeAttackBeforeOwn: {"the attack comes only after all six dice are set aside", "der Angriff kommt erst, wenn alle sechs Würfel zur Seite liegen", false},
}

// Codes lists every stable code (for documentation and tests).
func Codes() []Code {
	out := make([]Code, 0, len(catalog))
	for c := range catalog {
		out = append(out, c)
	}
	return out
}
