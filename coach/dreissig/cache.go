package dreissig

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/wuerfelblock/wuerfelblock/internal/tablefile"
)

// formatVersion changes whenever the tables or their file change meaning
// (the rules they are solved for included); a file of another version is
// rebuilt.
const formatVersion = 2

const fileMagic = "wuerfelblock dreissig-tot table\n"

// Cache keeps the tables (2, 3, 4 players, hundert) for as long as it
// lives, and, when Dir is not empty, in files there, so that the next
// process loads a table instead of solving it. A file that is damaged, cut
// short, of another format version or of other rules is rebuilt, never
// trusted; a directory that cannot be written just means no file.
type Cache struct {
	Dir string

	mu     sync.Mutex
	tables map[string]*cacheEntry
	// build solves a table; tests count and replace it.
	build func(n int, hundert bool) *Table
}

type cacheEntry struct {
	once  sync.Once
	tb    *Table
	ready atomic.Pointer[Table] // set once tb is
}

// NewCache makes a cache with files in dir ("" for memory only).
func NewCache(dir string) *Cache { return &Cache{Dir: dir} }

// Table returns the table for n players (hundert: two), building or loading
// it on first use; nil for more than MaxPlayers or fewer than two players.
func (c *Cache) Table(n int, hundert bool) *Table {
	if hundert {
		n = 2
	}
	if n < 2 || n > MaxPlayers {
		return nil
	}
	key := Key(n, hundert)
	c.mu.Lock()
	if c.tables == nil {
		c.tables = map[string]*cacheEntry{}
	}
	e := c.tables[key]
	if e == nil {
		e = &cacheEntry{}
		c.tables[key] = e
	}
	c.mu.Unlock()
	e.once.Do(func() {
		e.tb = c.load(n, hundert)
		e.ready.Store(e.tb)
	})
	return e.tb
}

// Ready returns the table if it is in memory now (else nil, false: Table
// builds or loads it, which may take long).
func (c *Cache) Ready(n int, hundert bool) (*Table, bool) {
	if hundert {
		n = 2
	}
	c.mu.Lock()
	e := c.tables[Key(n, hundert)]
	c.mu.Unlock()
	if e == nil {
		return nil, false
	}
	tb := e.ready.Load()
	return tb, tb != nil
}

func (c *Cache) load(n int, hundert bool) *Table {
	path := c.path(n, hundert)
	if path != "" {
		if data, err := os.ReadFile(path); err == nil {
			if tb, err := decodeTable(data, n, hundert); err == nil {
				return tb
			}
		}
	}
	build := c.build
	if build == nil {
		build = Solve
	}
	tb := build(n, hundert)
	if path != "" {
		tablefile.Write(path, "dreissig", encodeTable(tb))
	}
	return tb
}

// path is the table's file: its name says the rules and the format version.
func (c *Cache) path(n int, hundert bool) string {
	if c.Dir == "" {
		return ""
	}
	return filepath.Join(c.Dir, "dreissig-tot-"+Key(n, hundert)+"-v"+strconv.Itoa(formatVersion)+".table")
}

// The file: magic, format version, the rules' key, the rounds, the
// unsettled rings, the chances (float32: the table is rounded to them when
// solved, so a loaded table is the solved one), and a CRC-32C of
// everything before it.
func encodeTable(tb *Table) []byte {
	var b bytes.Buffer
	b.WriteString(fileMagic)
	le := binary.LittleEndian
	binary.Write(&b, le, uint32(formatVersion))
	key := Key(tb.N, tb.Hundert)
	binary.Write(&b, le, uint16(len(key)))
	b.WriteString(key)
	binary.Write(&b, le, uint32(tb.Rounds))
	binary.Write(&b, le, uint32(len(tb.Unsettled)))
	for _, x := range tb.Unsettled {
		binary.Write(&b, le, uint32(x))
	}
	count := tb.states() * tb.N
	binary.Write(&b, le, uint32(count))
	buf := make([]byte, 4*count)
	for i := range count {
		le.PutUint32(buf[4*i:], math.Float32bits(float32(tb.at(i))))
	}
	b.Write(buf)
	binary.Write(&b, le, crc32.Checksum(b.Bytes(), castagnoli))
	return b.Bytes()
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

var errBadTable = errors.New("dreissig: table file damaged or stale")

func decodeTable(data []byte, n int, hundert bool) (*Table, error) {
	if len(data) < 4 {
		return nil, errBadTable
	}
	body, sum := data[:len(data)-4], data[len(data)-4:]
	if crc32.Checksum(body, castagnoli) != binary.LittleEndian.Uint32(sum) {
		return nil, errBadTable
	}
	r := bytes.NewReader(body)
	le := binary.LittleEndian
	magic := make([]byte, len(fileMagic))
	if _, err := r.Read(magic); err != nil || string(magic) != fileMagic {
		return nil, errBadTable
	}
	var version, rounds, unsettled, count uint32
	var keyLen uint16
	if binary.Read(r, le, &version) != nil || version != formatVersion || binary.Read(r, le, &keyLen) != nil {
		return nil, errBadTable
	}
	key := make([]byte, keyLen)
	if _, err := r.Read(key); err != nil || string(key) != Key(n, hundert) {
		return nil, errBadTable
	}
	tb := &Table{N: n, Hundert: hundert, max: Start}
	if hundert {
		tb.max = hundertMax
	}
	if binary.Read(r, le, &rounds) != nil || binary.Read(r, le, &unsettled) != nil || int(unsettled) > tb.states() {
		return nil, errBadTable
	}
	tb.Rounds = int(rounds)
	for range unsettled {
		var x uint32
		if binary.Read(r, le, &x) != nil || int(x) >= tb.states() {
			return nil, errBadTable
		}
		tb.Unsettled = append(tb.Unsettled, int(x))
	}
	if binary.Read(r, le, &count) != nil || int(count) != tb.states()*n || r.Len() != 4*int(count) {
		return nil, errBadTable
	}
	// The chances stay in the file's bytes (read where needed: a process
	// asks for a few positions of the four players' 810,000); each must be
	// a float32 in [0, 1] (as bits: at most those of 1, no sign, no NaN).
	tb.file = body[len(body)-r.Len():]
	for i := 0; i < len(tb.file); i += 4 {
		if le.Uint32(tb.file[i:]) > math.Float32bits(1) {
			return nil, errBadTable
		}
	}
	return tb, nil
}

// DefaultDir is where the process-wide cache keeps its files:
// os.UserCacheDir()/wuerfelblock ("" when there is no cache directory).
func DefaultDir() string { return tablefile.Dir() }

var shared = sync.OnceValue(func() *Cache { return NewCache(DefaultDir()) })

// Shared is the process-wide cache (files in DefaultDir).
func Shared() *Cache { return shared() }

// TableFor is the process-wide table for n players (hundert: two), nil
// where there is none (one player, more than MaxPlayers).
func TableFor(n int, hundert bool) *Table { return shared().Table(n, hundert) }
