package storage

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/wuerfelblock/wuerfelblock/internal/say"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// What an undo leaves behind for sync (migration 029, docs/RECORD.md
// "undone"): every undo notes the version of the game it took the last
// entry back from, as a fingerprint. A game keeps the fingerprints of its
// own undos and of every version merged into it, so that of two versions
// where one is the beginning of the other, the shorter one is the newer
// exactly when its side took entries back from the longer one as it is:
// the undoer saw all of it. A longer version that went on past an entry
// taken back, with entries the undoer never had, is a conflict: neither
// the undo nor those entries are dropped without a word.

// printLen is how many hexadecimal digits of the SHA-256 a fingerprint keeps.
const printLen = 16

// entryLine is an entry as the fingerprint reads it, one line: its kind,
// roll, keep ("-" when not given), fives as ones and category, as the
// database stores them (samePrefix compares the same fields).
func entryLine(e scoresheet.Entry) string {
	pips := func(p []int) string {
		if p == nil {
			return "-"
		}
		b := make([]byte, len(p))
		for i, d := range p {
			b[i] = byte('0' + d)
		}
		return string(b)
	}
	return string(e.Kind) + "|" + pips(e.Roll) + "|" + pips(e.Keep) + "|" + strconv.Itoa(e.FivesAsOnes) + "|" + e.Category + "\n"
}

// versionPrints returns the fingerprints of es[:k] for k from from+1 to
// len(es), in that order: one pass over the entries.
func versionPrints(es []scoresheet.Entry, from int) []string {
	h := sha256.New()
	out := make([]string, 0, max(len(es)-from, 0))
	for k, e := range es {
		h.Write([]byte(entryLine(e)))
		if k >= from {
			out = append(out, hex.EncodeToString(h.Sum(nil))[:printLen])
		}
	}
	return out
}

// versionPrint is the fingerprint of the version with the entries es.
func versionPrint(es []scoresheet.Entry) string {
	if len(es) == 0 {
		p := sha256.Sum256(nil)
		return hex.EncodeToString(p[:])[:printLen]
	}
	return versionPrints(es, len(es)-1)[0]
}

// unionPrints is the sorted set of the fingerprints of a and b.
func unionPrints(a, b []string) []string {
	out := slices.Concat(a, b)
	slices.Sort(out)
	return slices.Compact(out)
}

// printsText is how games.undone keeps a set: the fingerprints sorted,
// separated by spaces.
func printsText(p []string) string { return strings.Join(p, " ") }

func printsOf(text string) []string { return strings.Fields(text) }

// checkPrints sorts the fingerprints of a record's "undone" and refuses
// anything that is not one.
func checkPrints(p []string) ([]string, error) {
	for _, s := range p {
		ok := len(s) == printLen
		for _, c := range []byte(s) {
			ok = ok && (c >= '0' && c <= '9' || c >= 'a' && c <= 'f')
		}
		if !ok {
			return nil, scoresheet.NewInputError("not a game record: field \"undone\": %q is not a fingerprint (%d hexadecimal digits, lower case)",
				"kein Spielbericht: Feld \"undone\": %q ist kein Fingerabdruck (%d Hexadezimalziffern, klein geschrieben)",
				scoresheet.SafeText(s[:min(len(s), 20)]), printLen)
		}
	}
	return unionPrints(p, nil), nil
}

// How the longer of two versions, where the shorter is its beginning,
// stands to the undos of the shorter one's side.
type undoneOf int

const (
	undoneNone undoneOf = iota // the shorter side took back nothing of the longer: it is older
	undoneAll                  // the shorter side took back the longer one as it is: it is newer
	undonePart                 // the longer one went on past an entry the shorter side took back
)

// undoneFrom tells how long (a version) stands to the undos of the side
// of its beginning of n entries: the fingerprints short knows and long
// does not (an undo long's side knows of was followed by entries that
// count).
func undoneFrom(long []scoresheet.Entry, n int, short, longKnows []string) undoneOf {
	fresh := map[string]bool{}
	for _, p := range short {
		if _, known := slices.BinarySearch(longKnows, p); !known {
			fresh[p] = true
		}
	}
	if len(fresh) == 0 || n >= len(long) {
		return undoneNone
	}
	ps := versionPrints(long, n)
	switch {
	case fresh[ps[len(ps)-1]]:
		return undoneAll
	case slices.ContainsFunc(ps, func(p string) bool { return fresh[p] }):
		return undonePart
	}
	return undoneNone
}

// firstDiff is the first entry where a and b differ (the length of the
// shorter when one is the beginning of the other).
func firstDiff(a, b []scoresheet.Entry) int {
	n := min(len(a), len(b))
	for i := range n {
		if !samePrefix(a[i:i+1], b[i:i+1]) {
			return i
		}
	}
	return n
}

// entryWhere names entry n (from 0) of es, a version of g's game, for
// people: full "entry 23 (round 7, Ben: throw 1 5 2 3 6, kept 1 5)", and
// short "entry 23".
func entryWhere(g *scoresheet.Game, es []scoresheet.Entry, n int) (full, short words) {
	for i, l := range []validate.Lang{validate.English, validate.German} {
		entry, round := "entry %d", "round %d, %s: %s"
		if l == validate.German {
			entry, round = "Eintrag %d", "Runde %d, %s: %s"
		}
		short[i] = fmt.Sprintf(entry, n+1)
		full[i] = short[i]
		if n >= len(es) {
			continue
		}
		base, err := scoresheet.FromEntries(g.Rules, g.Players, es[:n])
		if err != nil {
			continue
		}
		full[i] += " (" + fmt.Sprintf(round, base.Round(), scoresheet.SafeText(base.Current()), say.New(l).Entry(es[n], g.Rules.Game)) + ")"
	}
	return full, short
}

// partErr is a refusal of the version incoming (of c's kind) that names
// entry at of es, where the versions part.
func partErr(c Code, id string, g *scoresheet.Game, es []scoresheet.Entry, at int) *Error {
	full, short := entryWhere(g, es, at)
	return newErr(c, nil, id, full, short)
}
