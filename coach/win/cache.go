package win

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sync/atomic"

	"github.com/wuerfelblock/wuerfelblock/internal/tablefile"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// formatVersion changes whenever the table or its file changes meaning; a
// file of another version is rebuilt.
const formatVersion = 1

const fileMagic = "wuerfelblock win table\n"

// DefaultDir is where the tables are kept: os.UserCacheDir()/wuerfelblock
// ($XDG_CACHE_HOME/wuerfelblock; "" when there is no cache directory).
func DefaultDir() string { return tablefile.Dir() }

var defaultDir = DefaultDir // read at each first use of a table (tests set XDG_CACHE_HOME)

// path is the table's file: the game, a digest of the rules and the format
// version in its name; the rules in full inside.
func (s *Solver) path() string {
	dir := s.dir
	if !s.dirSet {
		dir = defaultDir()
	}
	if dir == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(rulesKey(s.rules)))
	return filepath.Join(dir, fmt.Sprintf("win-%s-%x-v%d.table", s.rules.Game, sum[:6], formatVersion))
}

// loadOrBuild reads the table from its file, or builds it and writes the file.
func (s *Solver) loadOrBuild() (*Table, error) {
	path := s.path()
	if path != "" {
		if data, err := os.ReadFile(path); err == nil {
			if t, err := s.decode(data); err == nil {
				t.Loaded = true
				return t, nil
			}
		}
	}
	t, err := s.buildOne()
	if err != nil {
		return nil, err
	}
	if path != "" {
		tablefile.Write(path, "win", s.encode(t))
	}
	return t, nil
}

// The file: magic, format version, the rules' key, the kind and sizes, the
// values (final round: W of both seats, the chase; 5000: W), sweeps and
// passes, and a SHA-256 of everything before it.
func (s *Solver) encode(t *Table) []byte {
	var b bytes.Buffer
	b.WriteString(fileMagic)
	le := binary.LittleEndian
	binary.Write(&b, le, uint32(formatVersion))
	key := rulesKey(s.rules)
	binary.Write(&b, le, uint32(len(key)))
	b.WriteString(key)
	var vals [][]float64
	if t.xg != nil {
		binary.Write(&b, le, []int32{1, int32(t.xg.n), 0})
		vals = [][]float64{t.xg.w}
	} else {
		binary.Write(&b, le, []int32{0, int32(t.fg.m), int32(t.fg.lo)})
		vals = [][]float64{t.fg.w[0], t.fg.w[1], t.fg.chase}
	}
	binary.Write(&b, le, []int32{int32(t.Sweeps), int32(t.Passes)})
	for _, v := range vals {
		binary.Write(&b, le, uint32(len(v)))
		binary.Write(&b, le, v)
	}
	sum := sha256.Sum256(b.Bytes())
	b.Write(sum[:])
	return b.Bytes()
}

var errBadTable = errors.New("win: table file damaged or stale")

func (s *Solver) decode(data []byte) (*Table, error) {
	r, err := s.openTable(data)
	if err != nil {
		return nil, err
	}
	head := make([]int32, 5)
	if binary.Read(r, binary.LittleEndian, head) != nil {
		return nil, errBadTable
	}
	vals, err := readValues(r)
	if err != nil {
		return nil, err
	}
	t, err := s.emptyTable()
	if err != nil {
		return nil, err
	}
	t.Sweeps, t.Passes = int(head[3]), int(head[4])
	if t.xg != nil {
		if head[0] != 1 || int(head[1]) != t.xg.n || len(vals) != 1 || len(vals[0]) != t.xg.n*t.xg.n {
			return nil, errBadTable
		}
		t.xg.w = vals[0]
		return t, nil
	}
	fg := t.fg
	if head[0] != 0 || int(head[1]) != fg.m || int(head[2]) != fg.lo || len(vals) != 3 ||
		len(vals[0]) != fg.m*fg.m || len(vals[1]) != fg.m*fg.m || len(vals[2]) == 0 {
		return nil, errBadTable
	}
	fg.w[0], fg.w[1], fg.chase = vals[0], vals[1], vals[2]
	fg.buildTail()
	return t, nil
}

// openTable checks a table file's checksum, magic, format version and
// rules, and returns a reader at its head.
func (s *Solver) openTable(data []byte) (*bytes.Reader, error) {
	if len(data) < sha256.Size {
		return nil, errBadTable
	}
	body, sum := data[:len(data)-sha256.Size], data[len(data)-sha256.Size:]
	if want := sha256.Sum256(body); !bytes.Equal(want[:], sum) {
		return nil, errBadTable
	}
	r := bytes.NewReader(body)
	le := binary.LittleEndian
	magic := make([]byte, len(fileMagic))
	if _, err := r.Read(magic); err != nil || string(magic) != fileMagic {
		return nil, errBadTable
	}
	var version, keyLen uint32
	if binary.Read(r, le, &version) != nil || version != formatVersion || binary.Read(r, le, &keyLen) != nil || int(keyLen) > r.Len() {
		return nil, errBadTable
	}
	key := make([]byte, keyLen)
	if _, err := r.Read(key); err != nil || string(key) != rulesKey(s.rules) {
		return nil, errBadTable
	}
	return r, nil
}

// readValues reads the rest of a table file: arrays of chances, each
// after its length.
func readValues(r *bytes.Reader) ([][]float64, error) {
	var vals [][]float64
	for r.Len() > 0 {
		var n uint32
		if binary.Read(r, binary.LittleEndian, &n) != nil || int(n)*8 > r.Len() {
			return nil, errBadTable
		}
		v := make([]float64, n)
		if binary.Read(r, binary.LittleEndian, v) != nil {
			return nil, errBadTable
		}
		for _, x := range v {
			if math.IsNaN(x) || x < 0 || x > 1 {
				return nil, errBadTable
			}
		}
		vals = append(vals, v)
	}
	return vals, nil
}

// building counts the builds under way, most the largest number seen (tests).
var building, mostBuilding atomic.Int32

// buildOne is build in the process's one build slot (tablefile.Build,
// which the other coaches' tables share).
func (s *Solver) buildOne() (*Table, error) {
	type built struct {
		t   *Table
		err error
	}
	game, _ := validate.LookupGame(string(s.rules.Game))
	what := tablefile.Name{EN: "the table of the chance to win for " + game.NameEN + " with these house rules",
		DE: "die Tabelle der Gewinnchancen für " + game.NameDE + " mit diesen Hausregeln"}
	b := tablefile.Build(what, func() built {
		t, err := s.build()
		return built{t, err}
	})
	return b.t, b.err
}

// counted counts a build under way while it runs (building, mostBuilding).
func counted() func() {
	n := building.Add(1)
	for {
		m := mostBuilding.Load()
		if n <= m || mostBuilding.CompareAndSwap(m, n) {
			break
		}
	}
	return func() { building.Add(-1) }
}
