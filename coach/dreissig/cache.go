package dreissig

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/wuerfelblock/wuerfelblock/internal/tablefile"
)

// formatVersion changes whenever the tables or their file change meaning
// (the rules they are solved for included); a file of another version is
// rebuilt.
const formatVersion = 4

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
		if tb, err := mapTable(path, n, hundert); err == nil {
			return tb
		}
	}
	build := c.build
	if build == nil {
		build = Solve
	}
	tb := tablefile.Build(TableName(n, hundert), func() *Table { return build(n, hundert) })
	if path != "" {
		tablefile.Write(path, "dreissig", encodeTable(tb))
		// The table the process keeps is the file's, off the Go heap (the
		// same chances: the solved ones are rounded to the file's float32):
		// the one just solved is left to the collector.
		if loaded, err := mapTable(path, n, hundert); err == nil {
			return loaded
		}
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

// mapTable maps the table file at path and checks it whole (checkTable):
// the table's chances stay in the mapping, off the Go heap where the system
// maps files.
func mapTable(path string, n int, hundert bool) (*Table, error) {
	m, err := tablefile.Map(path)
	if err != nil {
		return nil, err
	}
	tb, err := checkTable(m, n, hundert)
	if err != nil {
		m.Close()
		return nil, err
	}
	return tb, nil
}

// decodeTable is the table in a file's bytes data, checked whole.
func decodeTable(data []byte, n int, hundert bool) (*Table, error) {
	return checkTable(tablefile.FromBytes(data), n, hundert)
}

// checkTable checks a table file (checksum, magic, version, rules, sizes,
// every chance) and returns its table, whose chances stay in m's bytes.
// The chances and checksum are checked in one pass over the file (a mapped
// file's pages are not kept resident by it).
func checkTable(m *tablefile.Mapping, n int, hundert bool) (*Table, error) {
	data := m.Bytes()
	if len(data) < 4 {
		return nil, errBadTable
	}
	body := data[:len(data)-4]
	tb, values, err := readHead(body, n, hundert)
	if err != nil {
		return nil, err
	}
	// Each chance must be a float32 in [0, 1] (as bits: at most those of
	// 1, no sign, no NaN).
	crc, ok := uint32(0), true
	m.Scan(func(off int, piece []byte) {
		crc = crc32.Update(crc, castagnoli, piece[:max(0, min(len(piece), len(body)-off))])
		for i := firstAt(values, off); i < min(off+len(piece), len(body)); i += 4 {
			if binary.LittleEndian.Uint32(data[i:]) > math.Float32bits(1) {
				ok = false
			}
		}
	})
	if !ok || crc != binary.LittleEndian.Uint32(data[len(body):]) {
		return nil, errBadTable
	}
	// The chances stay in the file's bytes (read where needed: a process
	// asks for a few positions of the four players' 810,000).
	tb.file = body[values:]
	return tb, nil
}

// firstAt is the first offset at or after off of a value of 4 bytes in
// an array that starts at start.
func firstAt(start, off int) int {
	if off <= start {
		return start
	}
	return off + (4-(off-start)%4)%4
}

// readHead reads a table file's head (all but its chances) from body (the
// file without its checksum); values is where the chances start, checked
// to fill the rest of body.
func readHead(body []byte, n int, hundert bool) (tb *Table, values int, err error) {
	r := bytes.NewReader(body)
	le := binary.LittleEndian
	magic := make([]byte, len(fileMagic))
	if _, err := r.Read(magic); err != nil || string(magic) != fileMagic {
		return nil, 0, errBadTable
	}
	var version, rounds, unsettled, count uint32
	var keyLen uint16
	if binary.Read(r, le, &version) != nil || version != formatVersion || binary.Read(r, le, &keyLen) != nil {
		return nil, 0, errBadTable
	}
	key := make([]byte, keyLen)
	if _, err := r.Read(key); err != nil || string(key) != Key(n, hundert) {
		return nil, 0, errBadTable
	}
	tb = &Table{N: n, Hundert: hundert, max: Start}
	if hundert {
		tb.max = hundertMax
	}
	if binary.Read(r, le, &rounds) != nil || binary.Read(r, le, &unsettled) != nil || int(unsettled) > tb.states() {
		return nil, 0, errBadTable
	}
	tb.Rounds = int(rounds)
	for range unsettled {
		var x uint32
		if binary.Read(r, le, &x) != nil || int(x) >= tb.states() {
			return nil, 0, errBadTable
		}
		tb.Unsettled = append(tb.Unsettled, int(x))
	}
	if binary.Read(r, le, &count) != nil || int(count) != tb.states()*n || r.Len() != 4*int(count) {
		return nil, 0, errBadTable
	}
	return tb, len(body) - r.Len(), nil
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

// TableName names the table of n players (hundert: two) for people, as a
// command line's note on a build says it and the app while it waits.
func TableName(n int, hundert bool) tablefile.Name {
	if hundert {
		return tablefile.Name{EN: "Dreißig tot's table for thirty to a hundred", DE: "die Tabelle von Dreißig tot für „Von dreißig auf hundert“"}
	}
	return tablefile.Name{EN: fmt.Sprintf("Dreißig tot's table for %d players", n), DE: fmt.Sprintf("die Tabelle von Dreißig tot für %d Spieler", n)}
}
