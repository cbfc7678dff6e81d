package scoresheet

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestCheckKeys(t *testing.T) {
	good := `{"game":"5050","options":{"Wuerfel":6},"players":["A"],"turns":[{"player":"A","throws":[{"roll":[1],"keep":[]}],"attack":[{"roll":[2]}],"stop":true}]}`
	if err := CheckKeys([]byte(good)); err != nil {
		t.Fatalf("a good record: %v", err)
	}
	for in, want := range map[string]string{
		`{"Game":"5050"}`:                               `unknown field "Game"`,
		`{"game":"5050","game":"kniffel"}`:              `"game" is given twice`,
		`{"g\u0061me":"5050","game":"kniffel"}`:         `"game" is given twice`,
		`{"turns":[{"Player":"A"}]}`:                    `unknown field "Player"`,
		`{"turns":[{"throws":[{"Keep":[1]}]}]}`:         `unknown field "Keep"`,
		`{"options":{"ziel":1,"ziel":2}}`:               `"ziel" is given twice`,
		`{"id":"x"}`:                                    `unknown field "id"`,
		`{"turns":[{"x\u001b[2J":1}]}`:                  `unknown field "x\u001b[2J"`,
		`{"turns":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[`: `nested more than`,
		`{"` + strings.Repeat("k", 1000) + `":1}`:       `"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk…"`,
	} {
		err := CheckKeys([]byte(in))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("CheckKeys(%.40s): %v, want %q", in, err, want)
		}
	}
	if err := CheckKeys([]byte(`{"id":"x","game":"5050"}`), "id"); err != nil {
		t.Errorf("an extra key: %v", err)
	}
}

// dupKeys is a slow reference: does any object of valid JSON repeat a key?
func dupKeys(data []byte) bool {
	dec := json.NewDecoder(strings.NewReader(string(data)))
	var objects func() bool
	objects = func() bool {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		switch tok {
		case json.Delim('{'):
			seen := map[string]bool{}
			for dec.More() {
				k, _ := dec.Token()
				if seen[k.(string)] {
					return true
				}
				seen[k.(string)] = true
				if objects() {
					return true
				}
			}
			dec.Token()
		case json.Delim('['):
			for dec.More() {
				if objects() {
					return true
				}
			}
			dec.Token()
		}
		return false
	}
	return objects()
}

func FuzzCheckKeys(f *testing.F) {
	f.Add([]byte(`{"game":"5050","options":{"ziel":1},"players":["A"],"turns":[{"player":"A","throws":[{"roll":[1],"keep":[1]}]}]}`))
	f.Add([]byte(`{"game":"5050","game":"5050"}`))
	f.Add([]byte(`{"options":{"a":{"b":1,"b":2}}}`))
	f.Add([]byte(`{"g\u0061me":1,"game":2}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		err := CheckKeys(data)
		if err == nil && json.Valid(data) && dupKeys(data) {
			t.Fatalf("%s: a repeated key was let through", data)
		}
	})
}
