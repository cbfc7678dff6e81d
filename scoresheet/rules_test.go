package scoresheet

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// rc is a record and what judging it must give. Records are written in a
// short form: game, options and turns, with players A and B unless given.
type rc struct {
	name     string
	game     string
	options  string // JSON object body, e.g. `"minus": true`
	players  string // JSON list body; default "A","B"
	turns    string // JSON list body
	code     validate.Code
	errTurn  int
	errThrow int // -1: null
	totals   map[string]int
	points   []int // each judged turn's points, when given
	finished bool
	winners  []string
}

func (c rc) record() string {
	p := c.players
	if p == "" {
		p = `"A","B"`
	}
	return fmt.Sprintf(`{"game":%q,"options":{%s},"players":[%s],"turns":[%s]}`, c.game, c.options, p, c.turns)
}

func runCases(t *testing.T, cases []rc) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec, err := ParseRecord([]byte(c.record()))
			if err != nil {
				t.Fatalf("record refused: %v\n%s", err, c.record())
			}
			v, err := Judge(rec, validate.English)
			if err != nil {
				t.Fatalf("judge: %v", err)
			}
			if c.code == "" {
				if !v.Valid {
					t.Fatalf("refused at turn %d throw %v: %s [%s]\n%s", v.Error.Turn, ptr(v.Error.Throw), v.Error.Message, v.Error.Code, c.record())
				}
			} else {
				if v.Valid {
					t.Fatalf("accepted, want %s\n%s", c.code, c.record())
				}
				if v.Error.Code != string(c.code) || v.Error.Turn != c.errTurn || !reflect.DeepEqual(ptr(v.Error.Throw), throwWant(c.errThrow)) {
					t.Fatalf("refused with %s at turn %d throw %v (%s), want %s at turn %d throw %v",
						v.Error.Code, v.Error.Turn, ptr(v.Error.Throw), v.Error.Message, c.code, c.errTurn, throwWant(c.errThrow))
				}
			}
			if c.totals != nil && !reflect.DeepEqual(v.Totals, c.totals) {
				t.Errorf("totals %v, want %v", v.Totals, c.totals)
			}
			if c.points != nil {
				var got []int
				for _, tr := range v.Turns {
					got = append(got, tr.Points)
				}
				if !reflect.DeepEqual(got, c.points) {
					t.Errorf("turn points %v, want %v", got, c.points)
				}
			}
			if v.Finished != c.finished {
				t.Errorf("finished = %v, want %v", v.Finished, c.finished)
			}
			if c.winners != nil && !reflect.DeepEqual(v.Winners, c.winners) {
				t.Errorf("winners %v, want %v", v.Winners, c.winners)
			}
		})
	}
}

func throwWant(i int) any {
	if i < 0 {
		return nil
	}
	return i
}

// turn writes a Zehntausend-family turn: throws as "roll/keep" pairs such as
// "111523/1115", a trailing "stop". "roll/" is a bust, "roll/=" an omitted keep,
// "roll/keep*n" turns n fives into ones, "void" a void throw.
func turn(player string, throws ...string) string {
	var parts []string
	stop := false
	for _, th := range throws {
		switch {
		case th == "stop":
			stop = true
			continue
		case th == "void":
			parts = append(parts, `{"void":true}`)
			continue
		}
		roll, keep, _ := strings.Cut(th, "/")
		fives := 0
		if k, n, ok := strings.Cut(keep, "*"); ok {
			keep = k
			fmt.Sscan(n, &fives)
		}
		s := fmt.Sprintf(`{"roll":%s`, digits(roll))
		if keep != "=" {
			s += fmt.Sprintf(`,"keep":%s`, digits(keep))
		}
		if fives > 0 {
			s += fmt.Sprintf(`,"fives_as_ones":%d`, fives)
		}
		parts = append(parts, s+"}")
	}
	s := fmt.Sprintf(`{"player":%q,"throws":[%s]`, player, strings.Join(parts, ","))
	if stop {
		s += `,"stop":true`
	}
	return s + "}"
}

func digits(s string) string {
	var ds []string
	for _, r := range s {
		ds = append(ds, string(r))
	}
	return "[" + strings.Join(ds, ",") + "]"
}

func turns(ts ...string) string { return strings.Join(ts, ",") }

func tot(kv ...any) map[string]int {
	m := map[string]int{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1].(int)
	}
	return m
}

func Test5050(t *testing.T) {
	runCases(t, []rc{
		{name: "hurdle 350 in one throw", game: "5050", turns: turns(turn("A", "553334/3335", "stop")), totals: tot("A", 350, "B", 0)},
		{name: "300 is below the hurdle", game: "5050", turns: turns(turn("A", "333246/333", "stop")),
			code: validate.CodeHurdle350, errTurn: 0, errThrow: -1},
		{name: "three 1s over two throws are not 1000", game: "5050", turns: turns(turn("A", "112346/11", "1234/1", "stop")),
			code: validate.CodeHurdle350, errThrow: -1},
		{name: "hot dice: new pass needs its own 350", game: "5050",
			turns: turns(turn("A", "111555/111555", "123466/1", "stop")), code: validate.CodeHurdle350, errThrow: -1},
		{name: "hot dice then 350 in the new pass writes both passes", game: "5050",
			turns: turns(turn("A", "111555/111555", "444156/4441", "stop")), totals: tot("A", 2000, "B", 0)},
		{name: "1500 street confirmed by 350 in the new pass", game: "5050",
			turns: turns(turn("A", "123456/123456", "555123/5551", "stop")), totals: tot("A", 2100, "B", 0)},
		{name: "bust after a 1500 loses all", game: "5050",
			turns: turns(turn("A", "123456/123456", "223346/"), turn("B", "111234/111", "stop")), totals: tot("A", 0, "B", 1000)},
		{name: "three pairs must be confirmed", game: "5050",
			turns: turns(turn("A", "223366/223366", "stop")), code: validate.CodeConfirm1500, errThrow: -1},
		{name: "four of a kind plus pair is three pairs", game: "5050",
			turns: turns(turn("A", "444466/444466", "stop")), code: validate.CodeConfirm1500, errThrow: -1},
		{name: "six 2s read as 1500 three pairs, confirmed", game: "5050",
			turns: turns(turn("A", "222222/222222", "111234/111", "stop")), totals: tot("A", 2500, "B", 0)},
		{name: "five 5s are 500 + 50 + 50", game: "5050", turns: turns(turn("A", "555552/55555", "1/1", "stop")), totals: tot("A", 700, "B", 0)},
		{name: "four 4s: one 4 unusable", game: "5050", turns: turns(turn("A", "444423/4444")), code: validate.CodeKeepNotScoring, errThrow: 0},
		{name: "five as one needs a partner five", game: "5050", turns: turns(turn("A", "512346/5*1")), code: validate.CodeFivesPartner, errThrow: 0},
		{name: "five as one with partner thrown again", game: "5050",
			turns: turns(turn("A", "553334/3335*1", "stop")), totals: tot("A", 400, "B", 0)},
		{name: "two fives turned need four fives", game: "5050",
			turns: turns(turn("A", "555512/55*2", "1234/1", "stop")), totals: tot("A", 0, "B", 0), code: validate.CodeHurdle350, errThrow: -1},
		{name: "stop after a bust is refused", game: "5050", turns: turns(turn("A", "223346/", "stop")), code: validate.CodeStopAfterBust, errThrow: -1},
		{name: "throw after a bust is refused", game: "5050", turns: turns(turn("A", "223346/", "111234/111")), code: validate.CodeTurnOver, errThrow: 1},
		{name: "keep on a bust is refused", game: "5050", turns: turns(turn("A", "223346/2")), code: validate.CodeKeepOnBust, errThrow: 0},
		{name: "wrong number of dice", game: "5050", turns: turns(turn("A", "11152/1")), code: validate.CodeDiceCount, errThrow: 0},
		{name: "dice left in the cup", game: "5050", turns: turns(turn("A", "111523/111", "152/15", "2/")), totals: tot("A", 0, "B", 0)},
		{name: "kept dice not thrown", game: "5050", turns: turns(turn("A", "111523/1111")), code: validate.CodeKeepNotThrown, errThrow: 0},
		{name: "unfinished turn before another", game: "5050", turns: turns(turn("A", "111523/111"), turn("B", "111523/111")),
			code: validate.CodeUnfinishedTurn, errThrow: -1},
	})
}

func Test5000(t *testing.T) {
	runCases(t, []rc{
		{name: "all scoring dice, keep omitted", game: "5000", turns: turns(turn("A", "11156/=", "stop")), code: validate.CodeRoundHundreds, errThrow: -1},
		{name: "all scoring dice then round up", game: "5000", turns: turns(turn("A", "11156/=", "5/=", "stop")), points: []int{1200}},
		{name: "a given keep must be all scoring dice", game: "5000", turns: turns(turn("A", "11156/111")), code: validate.CodeKeepAllScoring, errThrow: 0},
		{name: "seed example: 1 1 5 then round up", game: "5000",
			turns: turns(turn("A", "11564/115", "55/55", "stop")), totals: tot("A", 0, "B", 0), code: validate.CodeEntry500, errThrow: -1},
		{name: "entry then 100 is enough", game: "5000",
			turns: turns(turn("A", "55523/=", "stop"), turn("B", "22346/="), turn("A", "12346/1", "stop")), totals: tot("A", 600, "B", 0)},
		{name: "four 3s = 600, five 2s = 800", game: "5000",
			turns: turns(turn("A", "33332/=", "1/=", "stop"), turn("B", "22222/=", "stop")), totals: tot("A", 700, "B", 800)},
		{name: "five 1s = 4400", game: "5000", turns: turns(turn("A", "11111/=", "stop")), totals: tot("A", 4400, "B", 0)},
		{name: "street 1-5", game: "5000", turns: turns(turn("A", "12345/=", "stop")), totals: tot("A", 1500, "B", 0)},
		{name: "transfer causes a same-score reset", game: "5000", players: `"A","B","C"`,
			turns: turns(turn("A", "11111/=", "stop"), turn("B", "55523/=", "stop"), turn("C", "66623/=", "stop"),
				turn("A", "11123/=", "stop")),
			// A would pass 5000: 1100 go to B (lowest entered: 500) = 1600; nobody else has 1600.
			totals: tot("A", 4400, "B", 1600, "C", 600), points: []int{4400, 500, 600, 0}},
		{name: "over 5000 with nobody entered: lost", game: "5000",
			turns: turns(turn("A", "11111/=", "stop"), turn("B", "22346/="), turn("A", "11123/=", "stop")), totals: tot("A", 4400, "B", 0)},
		{name: "same score resets the other", game: "5000",
			turns: turns(turn("A", "11111/=", "stop"), turn("B", "11111/=", "stop")), totals: tot("A", 0, "B", 4400)},
		{name: "receiver who would pass 5000 gets nothing", game: "5000",
			turns:  turns(turn("A", "11111/=", "stop"), turn("B", "66666/=", "stop"), turn("A", "11111/=", "stop")),
			totals: tot("A", 4400, "B", 2400), points: []int{4400, 2400, 0}},
		{name: "exactly 5000 wins at once", game: "5000",
			turns:  turns(turn("A", "11111/=", "stop"), turn("B", "22346/="), turn("A", "66623/=", "stop")),
			totals: tot("A", 5000, "B", 0), finished: true, winners: []string{"A"}},
		{name: "turn after the end", game: "5000",
			turns: turns(turn("A", "11111/=", "stop"), turn("B", "22346/="), turn("A", "66623/=", "stop"), turn("B", "22346/=")),
			code:  validate.CodeGameOver, errTurn: 3, errThrow: -1, finished: true},
		{name: "no fives_as_ones in 5000", game: "5000", turns: turns(turn("A", "55234/5*1")), code: validate.CodeFivesNotAllowed, errThrow: 0},
	})
}

func TestZehntausend(t *testing.T) {
	z := "zehntausend"
	runCases(t, []rc{
		{name: "four 2s = 2000 (proved)", game: z, turns: turns(turn("A", "22223/2222", "1/1", "stop")), totals: tot("A", 2100, "B", 0)},
		{name: "four 1s = 10000, game goes to round end", game: z, turns: turns(turn("A", "11112/1111", "5/5", "stop")), totals: tot("A", 10050, "B", 0)},
		{name: "proof in the same throw does not count", game: z, turns: turns(turn("A", "33315/3331", "stop")), code: validate.CodeProof, errThrow: -1},
		{name: "1 1 1 is a triple, not a proof", game: z,
			turns: turns(turn("A", "33324/333", "11/11", "stop")), totals: tot("A", 500, "B", 0)},
		{name: "a later triple of 1s does not prove", game: z,
			options: `"wuerfel":6`,
			turns:   turns(turn("A", "333246/333", "116/11", "stop"), turn("B", "222346/222", "111/111", "stop")), code: validate.CodeProof, errTurn: 1, errThrow: -1},
		{name: "one proof proves everything before", game: z,
			turns: turns(turn("A", "33332/3333", "5/5", "stop")), totals: tot("A", 3050, "B", 0)},
		{name: "a second triple after hot dice needs its own proof", game: z,
			turns: turns(turn("A", "44415/44415", "22236/222", "stop")), code: validate.CodeProof, errThrow: -1},
		{name: "no minimum to stop", game: z, turns: turns(turn("A", "52346/5", "stop")), totals: tot("A", 50, "B", 0)},
		{name: "void without hausbau", game: z, turns: turns(turn("A", "void")), code: validate.CodeVoidNotAllowed, errThrow: 0},
		{name: "beweisen off", game: z, options: `"beweisen":false`, turns: turns(turn("A", "33324/333", "stop")), totals: tot("A", 300, "B", 0)},
		{name: "verdoppeln 2222 = 400", game: z, options: `"verdoppeln":true,"beweisen":false`,
			turns: turns(turn("A", "22223/2222", "stop")), totals: tot("A", 400, "B", 0)},
		{name: "verdoppeln 1111 = 2000", game: z, options: `"verdoppeln":true,"beweisen":false`,
			turns: turns(turn("A", "11112/1111", "stop")), totals: tot("A", 2000, "B", 0)},
		{name: "verdoppeln 66666 = 2400", game: z, options: `"verdoppeln":true,"beweisen":false`,
			turns: turns(turn("A", "66666/66666", "stop")), totals: tot("A", 2400, "B", 0)},
		{name: "verdoppeln six 2s = 1600", game: z, options: `"verdoppeln":true,"beweisen":false,"wuerfel":6`,
			turns: turns(turn("A", "222222/222222", "stop")), totals: tot("A", 1600, "B", 0)},
		{name: "strasse 1250", game: z, options: `"wuerfel":6,"strasse":1250`,
			turns: turns(turn("A", "123456/123456", "stop")), totals: tot("A", 1250, "B", 0)},
		{name: "no strasse: 1 2 3 4 5 6 is 150 at most", game: z, options: `"wuerfel":6`,
			turns: turns(turn("A", "123456/123456")), code: validate.CodeKeepNotScoring, errThrow: 0},
		{name: "drei_paare with four plus pair", game: z, options: `"wuerfel":6,"drei_paare":1000`,
			turns: turns(turn("A", "333366/333366", "stop")), totals: tot("A", 1000, "B", 0)},
		{name: "drei_paare needs no proof", game: z, options: `"wuerfel":6,"drei_paare":1000`,
			turns: turns(turn("A", "224466/224466", "stop")), totals: tot("A", 1000, "B", 0)},
		{name: "pyramide any three faces", game: z, options: `"wuerfel":6,"pyramide":1000`,
			turns: turns(turn("A", "466555/466555", "stop")), totals: tot("A", 1000, "B", 0)},
		{name: "fuenfer_drehen", game: z, options: `"fuenfer_drehen":true`,
			turns: turns(turn("A", "55234/5*1", "stop")), totals: tot("A", 100, "B", 0)},
		{name: "fuenfer_drehen proves", game: z, options: `"fuenfer_drehen":true`,
			turns: turns(turn("A", "33325/333", "55/5*1", "stop")), totals: tot("A", 400, "B", 0)},
		{name: "bestaetigen: a bust in the confirmation loses all", game: z, options: `"bestaetigen":true`,
			turns: turns(turn("A", "11155/11155", "23462/")), totals: tot("A", 0, "B", 0)},
		{name: "bestaetigen: confirmed", game: z, options: `"bestaetigen":true`,
			turns: turns(turn("A", "11155/11155", "23451/5", "stop")), totals: tot("A", 1150, "B", 0)},
		{name: "bestaetigen: all dice over several throws need no confirmation", game: z, options: `"bestaetigen":true`,
			turns: turns(turn("A", "11123/111", "15/15", "stop")), totals: tot("A", 1150, "B", 0)},
		{name: "verschaerft: 350 needed", game: z, options: `"verschaerft":true`,
			turns: turns(turn("A", "33324/333", "stop")), code: validate.CodeVerschaerftPts, errThrow: -1},
		{name: "verschaerft: at most 2 dice left", game: z,
			options: `"verschaerft":true,"wuerfel":6`,
			turns:   turns(turn("A", "444236/444", "stop")), code: validate.CodeVerschaerftDice, errThrow: -1},
		{name: "verschaerft: 2 left is fine", game: z, options: `"verschaerft":true`,
			turns: turns(turn("A", "44423/444", "15/1", "stop")), totals: tot("A", 500, "B", 0)},
		{name: "minus only on the first throw", game: z, options: `"minus":true`,
			turns: turns(turn("A", "12346/1", "2346/")), totals: tot("A", 0, "B", 0)},
		{name: "minus on the first throw", game: z, options: `"minus":true`,
			turns: turns(turn("A", "22346/")), totals: tot("A", -1000, "B", 0), points: []int{-1000}},
		{name: "nix earns 1000 and ends the turn", game: z, options: `"nix":true`,
			turns: turns(turn("A", "22346/"), turn("B", "12346/1", "stop")), totals: tot("A", 1000, "B", 100), points: []int{1000, 100}},
		{name: "nix: no stop", game: z, options: `"nix":true`,
			turns: turns(turn("A", "22346/", "stop")), code: validate.CodeStopAfterBust, errThrow: -1},
		{name: "ergaenzen 555 +5 +5 +5 = 4000", game: z, options: `"ergaenzen":true,"beweisen":false`,
			turns: turns(turn("A", "55523/555", "52/5", "5/5", "11555/1"),
				turn("B", "12346/1", "stop")), code: validate.CodeUnfinishedTurn, errThrow: -1},
		{name: "ergaenzen over three throws", game: z, options: `"ergaenzen":true,"beweisen":false`,
			turns: turns(turn("A", "55523/555", "52/5", "5/5", "stop")), totals: tot("A", 2000, "B", 0)},
		{name: "seed: 5 5 5 + 5 + 5 + 5 = 4000 (six dice)", game: z, options: `"ergaenzen":true,"beweisen":false,"wuerfel":6`,
			turns: turns(turn("A", "555234/555", "523/5", "52/5", "5/5", "stop")), totals: tot("A", 4000, "B", 0)},
		{name: "seed: three 5s, a 3 and a 6 must be proved", game: z,
			turns: turns(turn("A", "55536/555", "stop")), code: validate.CodeProof, errThrow: -1},
		{name: "ergaenzen not across passes", game: z, options: `"ergaenzen":true,"beweisen":false`,
			turns: turns(turn("A", "33315/33315", "32466/")), totals: tot("A", 0, "B", 0)},
		{name: "steigerung after a bust: any points", game: z, options: `"steigerung":true`,
			turns: turns(turn("A", "22346/"), turn("B", "52346/5", "stop")), totals: tot("A", 0, "B", 50)},
		{name: "steigerung: more than the previous", game: z, options: `"steigerung":true,"beweisen":false`,
			turns: turns(turn("A", "55523/555", "stop"), turn("B", "55523/555", "15/1", "stop")), totals: tot("A", 500, "B", 600)},
		{name: "hausbau: three voids end the turn", game: z, options: `"hausbau":true`,
			turns: turns(turn("A", "void", "void", "void"), turn("B", "12346/1", "stop")), totals: tot("A", 0, "B", 100), points: []int{0, 100}},
		{name: "hausbau: no stop right after a void", game: z, options: `"hausbau":true`,
			turns: turns(turn("A", "12346/1", "void", "stop")), code: validate.CodeStopAfterVoid, errThrow: -1},
		{name: "hausbau: void is not the first throw for minus", game: z, options: `"hausbau":true,"minus":true`,
			turns: turns(turn("A", "void", "22346/")), totals: tot("A", -1000, "B", 0)},
		{name: "hausbau: voids not in a row", game: z, options: `"hausbau":true`,
			turns: turns(turn("A", "void", "void", "12346/1", "void", "2346/")), totals: tot("A", 0, "B", 0)},
		{name: "ziel reached: round played out, shared win", game: z, options: `"ziel":1000,"beweisen":false`,
			turns:  turns(turn("A", "11123/111", "stop"), turn("B", "11123/111", "stop")),
			totals: tot("A", 1000, "B", 1000), finished: true, winners: []string{"A", "B"}},
		{name: "the last seat ends the round at once", game: z, options: `"ziel":1000,"beweisen":false`, players: `"A","B","C"`,
			turns:  turns(turn("A", "22346/"), turn("B", "22346/"), turn("C", "11123/111", "stop")),
			totals: tot("A", 0, "B", 0, "C", 1000), finished: true, winners: []string{"C"}},
	})
}

func TestRueckwaerts(t *testing.T) {
	r := "zehntausend-rueckwaerts"
	runCases(t, []rc{
		{name: "street 1-5 = 1000", game: r, turns: turns(turn("A", "12345/="), turn("B", "12345/=")), totals: tot("A", 0, "B", 0)},
		{name: "hot dice: next takes all again", game: r,
			turns: turns(turn("A", "11155/="), turn("B", "22346/=")), totals: tot("A", 0, "B", 1100)},
		{name: "three pairs 1500 with 6 dice", game: r, options: `"wuerfel":6`,
			turns: turns(turn("A", "224466/="), turn("B", "223346/=")), totals: tot("A", 0, "B", 1500)},
		{name: "after a bust the next throws all dice from 0", game: r,
			turns:  turns(turn("A", "12346/="), turn("B", "2346/="), turn("A", "12346/="), turn("B", "2346/=")),
			totals: tot("A", 0, "B", 200)},
		{name: "stop after a bust is an error", game: r, turns: turns(turn("A", "22346/", "stop")), code: validate.CodeStopAfterBust, errThrow: -1},
		{name: "stop after a scoring throw changes nothing", game: r, turns: turns(turn("A", "12346/=", "stop")), totals: tot("A", 0, "B", 0)},
		{name: "a turn is one throw", game: r, turns: turns(turn("A", "12346/=", "2346/")), code: validate.CodeTurnOver, errThrow: 1},
		{name: "must set aside all scoring dice", game: r, turns: turns(turn("A", "15346/1")), code: validate.CodeKeepAllScoring, errThrow: 0},
		{name: "wrong number of dice after the previous player", game: r, turns: turns(turn("A", "12346/="), turn("B", "23461/=")),
			code: validate.CodeDiceCount, errTurn: 1, errThrow: 0},
	})
}

func TestTotwuerfeln(t *testing.T) {
	g := "totwuerfeln"
	tw := func(p string, rolls ...string) string {
		var parts []string
		for _, r := range rolls {
			parts = append(parts, fmt.Sprintf(`{"roll":%s}`, digits(r)))
		}
		return fmt.Sprintf(`{"player":%q,"throws":[%s]}`, p, strings.Join(parts, ","))
	}
	runCases(t, []rc{
		{name: "seed example", game: g, turns: turns(tw("A", "12565", "534", "55")), totals: tot("A", 16, "B", 0)},
		{name: "two killer numbers", game: g, options: `"killer":[1,6]`, turns: turns(tw("A", "12565", "255", "166")), totals: tot("A", 24, "B", 0)},
		{name: "killerwurf zaehlt nicht", game: g, options: `"killerwurf_zaehlt_nicht":true`,
			turns: turns(tw("A", "12565", "534", "55")), totals: tot("A", 0, "B", 0)},
		{name: "wrong number of live dice", game: g, turns: turns(tw("A", "12565", "5344")), code: validate.CodeDiceCount, errThrow: 1},
		{name: "rounds end the game, shared win", game: g, options: `"runden":1,"wuerfel":1`,
			turns: turns(tw("A", "3", "5"), tw("B", "3", "5")), totals: tot("A", 3, "B", 3), finished: true, winners: []string{"A", "B"}},
		{name: "keep is not part of Totwürfeln", game: g, turns: `{"player":"A","throws":[{"roll":[1,2,3,4,5],"keep":[1]}]}`,
			code: validate.CodeFieldForGame, errThrow: 0},
		{name: "stop is not part of Totwürfeln", game: g, turns: `{"player":"A","throws":[{"roll":[5,5,5,5,5]}],"stop":true}`,
			code: validate.CodeFieldForGame, errThrow: -1},
	})
}

func TestDreissigTot(t *testing.T) {
	g := "dreissig-tot"
	dt := func(p string, throws string, attack ...string) string {
		s := fmt.Sprintf(`{"player":%q,"throws":[`, p)
		var parts []string
		for _, th := range strings.Split(throws, " ") {
			roll, keep, _ := strings.Cut(th, "/")
			parts = append(parts, fmt.Sprintf(`{"roll":%s,"keep":%s}`, digits(roll), digits(keep)))
		}
		s += strings.Join(parts, ",") + "]"
		if len(attack) > 0 {
			var as []string
			for _, a := range attack {
				as = append(as, fmt.Sprintf(`{"roll":%s}`, digits(a)))
			}
			s += `,"attack":[` + strings.Join(as, ",") + "]"
		}
		return s + "}"
	}
	runCases(t, []rc{
		{name: "less than 30 costs the difference", game: g, turns: turns(dt("A", "123456/123456")), totals: tot("A", 21, "B", 30)},
		{name: "first player attacks the last", game: g, players: `"A","B","C"`,
			turns: turns(dt("A", "666661/66666 3/3", "333124", "341", "41")), totals: tot("A", 30, "B", 30, "C", 18)},
		{name: "attack until no target face", game: g,
			turns:  turns(dt("A", "666661/66666 3/3", "333124", "341", "41"), dt("B", "666663/666663", "333124", "124")),
			totals: tot("A", 21, "B", 18)},
		{name: "nothing set aside", game: g, turns: turns(dt("A", "123456/")), code: validate.CodeDreissigKeepNone, errThrow: 0},
		{name: "attack when not over 30", game: g, turns: turns(dt("A", "555555/555555", "123456")), code: validate.CodeAttackNotDue, errThrow: 1},
		{name: "attack before all six are aside", game: g, turns: `{"player":"A","throws":[{"roll":[6,6,6,6,6,1],"keep":[6]}],"attack":[{"roll":[1,2,3,4,5,6]}]}`,
			code: validate.CodeAttackBeforeOwn, errThrow: 1},
		{name: "account at 0 ends the game", game: g,
			turns:  turns(dt("A", "111111/111111"), dt("B", "111111/111111"), dt("A", "111111/111111")),
			totals: tot("A", -18, "B", 6), finished: true, winners: []string{"B"}},
	})
	// Seed example of "Von dreißig auf hundert": player 1 has 13, player 2 has 7;
	// player 1 throws 33 and takes nine pips: 13+30 = 43 and 7−9+30 = 28.
	rules := validate.MustRules(validate.GameDreissigTot, map[string]any{"hundert": true})
	g2, err := New(rules, []string{"P1", "P2"})
	if err != nil {
		t.Fatal(err)
	}
	g2.totals = []int{13, 7}
	g2.seat = 0
	// Player 1's Vordermann in the first round is the last player, P2.
	for _, e := range []Entry{
		{Kind: EntryThrow, Roll: []int{6, 6, 6, 6, 6, 3}, Keep: []int{6, 6, 6, 6, 6, 3}},
		{Kind: EntryAttack, Roll: []int{3, 3, 3, 1, 2, 4}},
		{Kind: EntryAttack, Roll: []int{1, 2, 4}},
	} {
		if err := g2.Apply(e); err != nil {
			t.Fatalf("%+v: %v", e, err)
		}
	}
	if got := g2.Totals(); !reflect.DeepEqual(got, []int{43, 28}) {
		t.Errorf("seed example: totals %v, want [43 28]", got)
	}
}

func TestHundertNeedsTwoPlayers(t *testing.T) {
	rec, err := ParseRecord([]byte(`{"game":"dreissig-tot","options":{"hundert":true},"players":["A","B","C"],"turns":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Judge(rec, validate.English)
	var ie *InputError
	if !errorsAs(err, &ie) || !strings.Contains(err.Error(), "two players") {
		t.Fatalf("hundert with three players: %v, want an input error naming two players", err)
	}
}

// Seed of 5000: [1,1,5,6,4] is 250 and the player must go on (it ends in 50
// and is below the entry); a third 1 in a later throw is 100, not 1100.
func TestSeed5000Example(t *testing.T) {
	g, _ := New(validate.MustRules(validate.Game5000, nil), []string{"A", "B"})
	if err := g.Apply(Entry{Kind: EntryThrow, Roll: []int{1, 1, 5, 6, 4}}); err != nil {
		t.Fatal(err)
	}
	f := g.Family()
	if f.TurnPoints() != 250 || f.DiceToThrow() != 2 {
		t.Fatalf("after 1 1 5 6 4: %d points, %d dice", f.TurnPoints(), f.DiceToThrow())
	}
	var codes []validate.Code
	for _, b := range f.StopBlockers() {
		codes = append(codes, b.Code)
	}
	if !reflect.DeepEqual(codes, []validate.Code{validate.CodeEntry500, validate.CodeRoundHundreds}) {
		t.Errorf("stop blockers %v", codes)
	}
	if err := g.Apply(Entry{Kind: EntryThrow, Roll: []int{1, 3}}); err != nil {
		t.Fatal(err)
	}
	if f := g.Family(); f.TurnPoints() != 350 {
		t.Errorf("third 1 in a later throw: %d points, want 350", f.TurnPoints())
	}
}

func TestThrowsByDice(t *testing.T) {
	rec, _ := ParseRecord([]byte(`{"game":"5050","options":{},"players":["A","B"],"turns":[` +
		turns(turn("A", "111555/111555", "111234/111", "234/"), turn("B", "553334/3335", "stop")) + `]}`))
	g, verr, err := Load(rec, validate.English)
	if err != nil || verr != nil {
		t.Fatal(err, verr)
	}
	ts := g.Turns()
	if ts[0].ByDice != [7]int{6: 2, 3: 1} || ts[0].DiceLeft != 3 || ts[0].End != validate.Bust {
		t.Errorf("A: by dice %v, dice left %d, end %v", ts[0].ByDice, ts[0].DiceLeft, ts[0].End)
	}
	if ts[1].ByDice != [7]int{6: 1} || ts[0].HotDice != 1 {
		t.Errorf("B: by dice %v; A hot dice %d", ts[1].ByDice, ts[0].HotDice)
	}
}

func TestRanks(t *testing.T) {
	for _, tc := range []struct {
		game    validate.GameID
		totals  []int
		winners []int
		rank    []int
	}{
		{validate.Game5050, []int{5100, 5100, 3000}, []int{0}, []int{1, 2, 3}},
		{validate.GameKniffel, []int{200, 250, 250, 100}, []int{1, 2}, []int{3, 1, 1, 4}},
		{validate.GameRueckwaerts, []int{10050, 2000, 2000}, []int{1, 2}, []int{3, 1, 1}},
		{validate.Game5000, []int{3000, 5000, 4000, 4000}, []int{1}, []int{4, 1, 2, 2}},
	} {
		rank, won := Ranks(tc.game, tc.totals, tc.winners)
		if !reflect.DeepEqual(rank, tc.rank) {
			t.Errorf("%s %v winners %v: ranks %v, want %v", tc.game, tc.totals, tc.winners, rank, tc.rank)
		}
		for _, w := range tc.winners {
			if !won[w] {
				t.Errorf("%s: seat %d not marked as won", tc.game, w)
			}
		}
	}
}

func TestEnteredAndStandings(t *testing.T) {
	rec, _ := ParseRecord([]byte(`{"game":"5000","options":{},"players":["A","B","C"],"turns":[` +
		turns(turn("A", "55523/=", "stop"), turn("B", "66623/=", "stop"), turn("C", "22346/=")) + `]}`))
	g, verr, err := Load(rec, validate.English)
	if err != nil || verr != nil {
		t.Fatal(err, verr)
	}
	if !g.Entered(0) || !g.Entered(1) || g.Entered(2) {
		t.Errorf("entered: %v %v %v", g.Entered(0), g.Entered(1), g.Entered(2))
	}
	if got := g.Standings(); !reflect.DeepEqual(got, []int{1, 0, 2}) {
		t.Errorf("standings %v, want B A C", got)
	}
}

func TestDiceCountPhraseAtTurnStart(t *testing.T) {
	g, _ := New(validate.MustRules(validate.GameZehntausend, nil), []string{"A", "B"})
	err := g.Apply(Entry{Kind: EntryThrow, Roll: []int{1, 1, 5, 2}, Keep: []int{1}})
	if msg := validate.Localize(err, validate.German); !strings.Contains(msg, "(alle Würfel)") || strings.Contains(msg, "Durchgang") {
		t.Errorf("first throw of a turn: %s", msg)
	}
}

func TestRematchOrder(t *testing.T) {
	for _, c := range []struct {
		game    string
		options string
		turns   string
		want    []string
	}{
		// 5050: B wins and begins the next game.
		{"5050", ``, turns(turn("A", "223346/"), turn("B", "111111/111111", "stop"), turn("C", "223346/"),
			turn("A", "223346/"), turn("B", "111111/111111", "stop"), turn("C", "223346/"),
			turn("A", "223346/"), turn("B", "111111/111111", "stop"), turn("C", "223346/")), []string{"B", "C", "A"}},
		// Zehntausend keeps the seat order.
		{"zehntausend", `"ziel":1000,"beweisen":false`, turns(turn("A", "22346/"), turn("B", "11123/111", "stop"), turn("C", "22346/")),
			[]string{"A", "B", "C"}},
	} {
		rec, err := ParseRecord([]byte(fmt.Sprintf(`{"game":%q,"options":{%s},"players":["A","B","C"],"turns":[%s]}`, c.game, c.options, c.turns)))
		if err != nil {
			t.Fatal(err)
		}
		g, verr, err := Load(rec, validate.English)
		if err != nil || verr != nil || !g.Finished() {
			t.Fatalf("%s: %v %+v finished=%v", c.game, err, verr, g.Finished())
		}
		if got := g.RematchOrder(); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: rematch order %v, want %v", c.game, got, c.want)
		}
	}
}
