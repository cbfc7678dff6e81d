package scoresheet

import (
	"encoding/json"
	"slices"
)

// The levels of a record whose keys are checked, and what lies below them.
type keyLevel int

const (
	levelFree   keyLevel = iota // values whose keys are not fields (options) or that are no objects
	levelRecord                 // the record object
	levelTurn                   // an element of turns
	levelThrow                  // an element of throws or attack
)

var (
	recordKeys = []string{"game", "options", "players", "turns"}
	turnKeys   = []string{"player", "throws", "stop", "score", "dice", "attack"}
	throwKeys  = []string{"roll", "keep", "fives_as_ones", "void"}
)

// maxDepth is how deeply a record may nest arrays and objects: a record
// needs 4.
const maxDepth = 32

// CheckKeys refuses what encoding/json would take silently: a key in
// another case than the record format's ("Turns" for turns), a key given
// twice in one object (any object, options too), and nesting no record
// has. extra are further keys the record object may have (export's id,
// status and times). Malformed JSON is left to the decoder to report.
func CheckKeys(data []byte, extra ...string) error {
	s := keyScan{data: data, extra: extra}
	s.value(levelRecord, 0)
	return s.err
}

type keyScan struct {
	data  []byte
	pos   int
	extra []string
	err   error
	bad   bool // malformed JSON: stop, the decoder says what is wrong
}

func (s *keyScan) skipSpace() {
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return
		}
	}
}

func (s *keyScan) stop() bool { return s.err != nil || s.bad }

// value scans one JSON value; an object is checked as level.
func (s *keyScan) value(level keyLevel, depth int) {
	s.skipSpace()
	if s.pos >= len(s.data) {
		s.bad = true
		return
	}
	if depth > maxDepth {
		s.err = inputErr("not a game record: nested more than %d levels deep", "kein Spielbericht: mehr als %d Ebenen tief verschachtelt", maxDepth)
		return
	}
	switch s.data[s.pos] {
	case '{':
		s.object(level, depth)
	case '[':
		s.pos++
		s.skipSpace()
		if s.pos < len(s.data) && s.data[s.pos] == ']' {
			s.pos++
			return
		}
		for !s.stop() {
			s.value(level, depth+1)
			s.skipSpace()
			if s.pos >= len(s.data) {
				s.bad = true
				return
			}
			if s.data[s.pos] == ']' {
				s.pos++
				return
			}
			if s.data[s.pos] != ',' {
				s.bad = true
				return
			}
			s.pos++
		}
	case '"':
		s.str()
	default: // number, true, false, null
		for s.pos < len(s.data) {
			switch s.data[s.pos] {
			case ',', ']', '}', ' ', '\t', '\n', '\r':
				return
			}
			s.pos++
		}
	}
}

// str scans a string and returns its raw contents (without quotes).
func (s *keyScan) str() (raw []byte, escaped bool) {
	start := s.pos
	s.pos++
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case '\\':
			escaped = true
			s.pos += 2
			continue
		case '"':
			s.pos++
			return s.data[start+1 : s.pos-1], escaped
		}
		s.pos++
	}
	s.bad = true
	return nil, false
}

func (s *keyScan) object(level keyLevel, depth int) {
	s.pos++
	var seen []string
	for !s.stop() {
		s.skipSpace()
		if s.pos >= len(s.data) {
			s.bad = true
			return
		}
		switch s.data[s.pos] {
		case '}':
			s.pos++
			return
		case ',':
			s.pos++
			continue
		case '"':
		default:
			s.bad = true
			return
		}
		raw, escaped := s.str()
		if s.bad {
			return
		}
		key, ok := s.decodeKey(raw, escaped)
		if !ok {
			return
		}
		if slices.Contains(seen, key) {
			s.err = inputErr("not a game record: the field \"%s\" is given twice", "kein Spielbericht: das Feld \"%s\" steht zweimal da", Short(key, 32))
			return
		}
		if len(seen) < 64 {
			seen = append(seen, key)
		}
		child, ok := s.childLevel(level, key)
		if !ok {
			return
		}
		s.skipSpace()
		if s.pos >= len(s.data) || s.data[s.pos] != ':' {
			s.bad = true
			return
		}
		s.pos++
		// Below a known field, only turns and throws are records' objects.
		if child == levelFree && level != levelFree {
			s.value(levelFree, depth+1)
		} else {
			s.value(child, depth+1)
		}
	}
}

// decodeKey is the key of a field as JSON reads it.
func (s *keyScan) decodeKey(raw []byte, escaped bool) (string, bool) {
	key := string(raw)
	if escaped {
		if err := json.Unmarshal(s.data[s.pos-len(raw)-2:s.pos], &key); err != nil {
			s.bad = true
			return "", false
		}
	}
	return key, true
}

// childLevel is what the value of field key of an object at level is; ok
// is false for a field a record does not have there.
func (s *keyScan) childLevel(level keyLevel, key string) (keyLevel, bool) {
	switch level {
	case levelRecord:
		switch {
		case key == "turns":
			return levelTurn, true
		case slices.Contains(recordKeys, key) || slices.Contains(s.extra, key):
		default:
			s.unknown(key)
			return levelFree, false
		}
	case levelTurn:
		switch {
		case key == "throws" || key == "attack":
			return levelThrow, true
		case slices.Contains(turnKeys, key):
		default:
			s.unknown(key)
			return levelFree, false
		}
	case levelThrow:
		if !slices.Contains(throwKeys, key) {
			s.unknown(key)
			return levelFree, false
		}
	}
	return levelFree, true
}

func (s *keyScan) unknown(key string) {
	s.err = inputErr("not a game record: unknown field \"%s\" (fields are written in lower case, as in the record format)",
		"kein Spielbericht: unbekanntes Feld \"%s\" (Felder werden klein geschrieben, wie im Berichtsformat)", Short(key, 32))
}
