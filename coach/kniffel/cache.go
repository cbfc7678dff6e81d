package kniffel

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"math"
	"os"
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
const formatVersion = 1

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
		if data, err := os.ReadFile(path); err == nil {
			if val, err := decodeTable(data, v); err == nil {
				return &Solver{v: v, val: val}
			}
		}
	}
	build := c.build
	if build == nil {
		build = func(v variant) []float64 { return solve(v, 0) }
	}
	s := &Solver{v: v, val: build(v)}
	if path != "" {
		tablefile.Write(path, "kniffel", encodeTable(s.val, v))
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
// the values (one per class of equivalent sheets, in order), and a SHA-256
// of everything before it.
func encodeTable(val []float64, v variant) []byte {
	var b bytes.Buffer
	b.WriteString(fileMagic)
	binary.Write(&b, binary.LittleEndian, uint32(formatVersion))
	key := v.key()
	binary.Write(&b, binary.LittleEndian, uint16(len(key)))
	b.WriteString(key)
	var vals []float64
	eachClass(func(mask, s int, flag bool) {
		vals = append(vals, val[stateIndex(mask, s, flag)])
	})
	binary.Write(&b, binary.LittleEndian, uint32(len(vals)))
	binary.Write(&b, binary.LittleEndian, vals)
	sum := sha256Sum(b.Bytes())
	b.Write(sum[:])
	return b.Bytes()
}

func sha256Sum(b []byte) [sha256.Size]byte { return sha256.Sum256(b) }

var errBadTable = errors.New("kniffel: table file damaged or stale")

func decodeTable(data []byte, v variant) ([]float64, error) {
	vals, err := decodeClasses(data, v)
	if err != nil {
		return nil, err
	}
	val := newTable()
	i := 0
	eachClass(func(mask, s int, flag bool) {
		val[stateIndex(mask, s, flag)] = vals[i]
		i++
	})
	spreadClasses(val)
	return val, nil
}

// decodeClasses checks a cache file (checksum, magic, version, rule set,
// size, values in range) and returns its values, one per class.
func decodeClasses(data []byte, v variant) ([]float64, error) {
	if len(data) < sha256.Size {
		return nil, errBadTable
	}
	body, sum := data[:len(data)-sha256.Size], data[len(data)-sha256.Size:]
	if want := sha256.Sum256(body); !bytes.Equal(want[:], sum) {
		return nil, errBadTable
	}
	r := bytes.NewReader(body)
	magic := make([]byte, len(fileMagic))
	if _, err := r.Read(magic); err != nil || string(magic) != fileMagic {
		return nil, errBadTable
	}
	var version uint32
	var keyLen uint16
	if binary.Read(r, binary.LittleEndian, &version) != nil || version != formatVersion ||
		binary.Read(r, binary.LittleEndian, &keyLen) != nil {
		return nil, errBadTable
	}
	key := make([]byte, keyLen)
	if _, err := r.Read(key); err != nil || string(key) != v.key() {
		return nil, errBadTable
	}
	var n uint32
	if binary.Read(r, binary.LittleEndian, &n) != nil || int(n) != numClasses() || r.Len() != 8*int(n) {
		return nil, errBadTable
	}
	vals := make([]float64, n)
	if binary.Read(r, binary.LittleEndian, vals) != nil {
		return nil, errBadTable
	}
	for _, x := range vals {
		if math.IsNaN(x) || x < 0 || x > 2000 {
			return nil, errBadTable
		}
	}
	return vals, nil
}

// spreadClasses gives every other reachable upper sum of a sheet the value
// of its class's representative (the lowest sum of the class).
func spreadClasses(val []float64) {
	var rep [64]int
	for mask := 0; mask < allFilled; mask++ {
		reach := reachableSums()[mask&upperMask]
		for s := 0; s <= upperThreshold; s++ {
			if reach&(1<<s) != 0 {
				rep[sumClass(mask, s)] = -1
			}
		}
		for s := 0; s <= upperThreshold; s++ {
			if reach&(1<<s) != 0 && rep[sumClass(mask, s)] < 0 {
				rep[sumClass(mask, s)] = s
			}
		}
		for s := 0; s <= upperThreshold; s++ {
			if reach&(1<<s) == 0 {
				continue
			}
			c := rep[sumClass(mask, s)]
			val[stateIndex(mask, s, false)] = val[stateIndex(mask, c, false)]
			if mask&kniffelBit != 0 {
				val[stateIndex(mask, s, true)] = val[stateIndex(mask, c, true)]
			}
		}
	}
}

// eachClass visits the sheet that stands for each class of equivalent
// sheets (solveMask solves exactly these), in a fixed order.
func eachClass(f func(mask, s int, flag bool)) {
	for mask := 0; mask < allFilled; mask++ {
		reach := reachableSums()[mask&upperMask]
		seen := uint64(0)
		for s := 0; s <= upperThreshold; s++ {
			if reach&(1<<s) == 0 {
				continue
			}
			c := sumClass(mask, s)
			if seen&(1<<c) != 0 {
				continue
			}
			seen |= 1 << c
			f(mask, s, false)
			if mask&kniffelBit != 0 {
				f(mask, s, true)
			}
		}
	}
}

var numClasses = sync.OnceValue(func() int {
	n := 0
	eachClass(func(int, int, bool) { n++ })
	return n
})

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
