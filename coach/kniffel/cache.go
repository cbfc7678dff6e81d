package kniffel

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/wuerfelblock/wuerfelblock/internal/tablefile"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// formatVersion changes whenever the table or its file changes meaning; a
// file of another version is rebuilt.
const formatVersion = 2

const fileMagic = "wuerfelblock kniffel table\n"

// Cache keeps one solver per rule set for as long as it lives, and, when
// Dir is not empty, in files there, so that the next process loads the table
// instead of building it. A file that is damaged, cut short, of another
// format version or of other rules is rebuilt, never trusted; a directory
// that cannot be written just means no file.
type Cache struct {
	Dir string

	mu      sync.Mutex
	solvers map[variant]*cacheEntry
	// build makes a table; tests count and replace it.
	build func(variant) []float64
}

type cacheEntry struct {
	once  sync.Once
	s     *Solver
	ready atomic.Pointer[Solver] // set once s is
}

// NewCache makes a cache with files in dir ("" for memory only).
func NewCache(dir string) *Cache { return &Cache{Dir: dir} }

// Solver returns the solver for Kniffel with or without the joker option,
// building or loading it on first use; callers for the same rules wait for
// the same table.
func (c *Cache) Solver(joker bool) *Solver { return c.solver(variantOf(joker)) }

func (c *Cache) solver(v variant) *Solver {
	c.mu.Lock()
	if c.solvers == nil {
		c.solvers = map[variant]*cacheEntry{}
	}
	e := c.solvers[v]
	if e == nil {
		e = &cacheEntry{}
		c.solvers[v] = e
	}
	c.mu.Unlock()
	e.once.Do(func() {
		e.s = c.load(v)
		e.ready.Store(e.s)
	})
	return e.s
}

// Ready returns the solver if it is already in memory.
func (c *Cache) Ready(joker bool) (*Solver, bool) {
	c.mu.Lock()
	e := c.solvers[variantOf(joker)]
	c.mu.Unlock()
	if e == nil {
		return nil, false
	}
	s := e.ready.Load()
	return s, s != nil
}

func (c *Cache) load(v variant) *Solver {
	path := c.path(v)
	if path != "" {
		if val, err := mapTable(path, v); err == nil {
			return &Solver{v: v, val: val}
		}
	}
	build := c.build
	if build == nil {
		build = func(v variant) []float64 { return solve(v, 0) }
	}
	s := &Solver{v: v, val: tablefile.Build(tablefile.Name{EN: "the Kniffel coach's table", DE: "die Tabelle des Kniffel-Trainers"}, func() []float64 { return build(v) })}
	if path != "" {
		tablefile.Write(path, "kniffel", encodeTable(s.val, v))
		// The table the process keeps is the file's, off the Go heap: the
		// one just built is left to the collector.
		if val, err := mapTable(path, v); err == nil {
			s.val = val
		}
	}
	return s
}

// path is the table's file: its name says the rules and the format version.
func (c *Cache) path(v variant) string {
	if c.Dir == "" {
		return ""
	}
	name := strings.NewReplacer("=", "-", ",", "_").Replace(v.key())
	return filepath.Join(c.Dir, "kniffel-"+name+"-v"+strconv.Itoa(formatVersion)+".table")
}

// The file: magic, format version, the rules' key, the number of values,
// zero bytes up to a multiple of 8, the values (float64, little-endian: the
// whole table by stateIndex, NaN for the sheets that cannot occur), and a
// SHA-256 of everything before it. The values are used where they lie in
// the file (mapped: tablefile.Map), so they start at a multiple of 8.
func encodeTable(val []float64, v variant) []byte {
	head := tableHead(v)
	b := make([]byte, len(head), len(head)+8*len(val)+sha256.Size)
	copy(b, head)
	for _, x := range val {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(x))
	}
	sum := sha256Sum(b)
	return append(b, sum[:]...)
}

// tableHead is what a file of the table for v holds before its values.
func tableHead(v variant) []byte {
	var b bytes.Buffer
	b.WriteString(fileMagic)
	binary.Write(&b, binary.LittleEndian, uint32(formatVersion))
	key := v.key()
	binary.Write(&b, binary.LittleEndian, uint16(len(key)))
	b.WriteString(key)
	binary.Write(&b, binary.LittleEndian, uint32(tableSize))
	for b.Len()%8 != 0 {
		b.WriteByte(0)
	}
	return b.Bytes()
}

func sha256Sum(b []byte) [sha256.Size]byte { return sha256.Sum256(b) }

var errBadTable = errors.New("kniffel: table file damaged or stale")

// mapTable maps the table file at path and checks it whole (checkTable);
// the values are the file's (off the Go heap where the system maps files).
func mapTable(path string, v variant) ([]float64, error) {
	m, err := tablefile.Map(path)
	if err != nil {
		return nil, err
	}
	if err := checkTable(m, v); err != nil {
		m.Close()
		return nil, err
	}
	head := len(tableHead(v))
	val, inPlace := tablefile.Float64s(m.Bytes()[head : head+8*tableSize])
	if !inPlace {
		m.Close() // the values are a copy
	}
	return val, nil
}

// decodeTable is the table in a file's bytes data, checked whole.
func decodeTable(data []byte, v variant) ([]float64, error) {
	m := tablefile.FromBytes(data)
	if err := checkTable(m, v); err != nil {
		return nil, err
	}
	head := len(tableHead(v))
	val, _ := tablefile.Float64s(data[head : head+8*tableSize])
	return val, nil
}

// checkTable checks a table file (size, checksum, magic, version, rule
// set, every value: NaN exactly where no sheet can be, 0 on the full
// sheets, else a score between 0 and 2000) in one pass over it (a mapped
// file's pages are not kept resident by it).
func checkTable(m *tablefile.Mapping, v variant) error {
	head := tableHead(v)
	data := m.Bytes()
	if len(data) != len(head)+8*tableSize+sha256.Size {
		return errBadTable
	}
	if !bytes.Equal(data[:len(head)], head) {
		return errBadTable
	}
	h := sha256.New()
	bodyLen, ok := len(data)-sha256.Size, true
	m.Scan(func(off int, piece []byte) {
		// The values start at a multiple of 8, as the pieces do: none lies
		// across two.
		body := piece[:max(0, min(len(piece), bodyLen-off))]
		h.Write(body)
		for i := max(0, len(head)-off); i+8 <= len(body); i += 8 {
			if !valueFits((off+i-len(head))/8, math.Float64frombits(binary.LittleEndian.Uint64(body[i:]))) {
				ok = false
			}
		}
	})
	if !ok || !bytes.Equal(h.Sum(nil), data[bodyLen:]) {
		return errBadTable
	}
	return nil
}

// valueFits reports whether x may be the table's value at index i.
func valueFits(i int, x float64) bool {
	mask, upper, flag := i>>7, i>>1&63, i&1 == 1
	switch {
	case mask == allFilled:
		return x == 0
	case reachableSums()[mask&upperMask]&(1<<upper) == 0 || flag && mask&kniffelBit == 0:
		return math.IsNaN(x)
	default:
		return x >= 0 && x <= 2000
	}
}

// DefaultDir is where the process-wide cache keeps its files:
// os.UserCacheDir()/wuerfelblock ("" when there is no cache directory).
func DefaultDir() string { return tablefile.Dir() }

var shared = sync.OnceValue(func() *Cache { return NewCache(DefaultDir()) })

// For is the process-wide solver for Kniffel under rules r (built on first
// use, or loaded from the user's cache directory).
func For(r *validate.Rules) *Solver { return shared().Solver(r.Options.Joker) }

// ReadyFor returns the process-wide solver for r if it is ready now.
func ReadyFor(r *validate.Rules) (*Solver, bool) { return shared().Ready(r.Options.Joker) }

// Shared is the process-wide cache For uses (files in DefaultDir).
func Shared() *Cache { return shared() }
