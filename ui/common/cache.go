package common

import (
	"bytes"
	"compress/flate"
	"io"
	"sync"

	"coview/api"
	"coview/connections"
	"coview/present"
)

// CacheSize bounds what a session keeps: a profile is a few kilobytes and a
// list page of 100 items some tens, so 256 entries stay well under what a
// terminal program should hold, and cover a long walk back through history.
const CacheSize = 256

// Entry is an answer as the cache keeps it: a profile decoded (its panes
// are built from it on arrival), or anything else already in words and
// rows, with the body as received for the source view, compressed: it is
// read only when asked for (v), and JSON shrinks to a tenth. The decoded
// form of a list is not kept: its rows say all the browser shows.
type Entry struct {
	Profile *api.Profile
	Page    *present.Page
	Raw     Packed
	// officer is, for the first page of an officer's appointments, what
	// it says of the officer: who else they probably are is asked with it.
	Officer *connections.Record
}

// Packed is a body kept compressed.
type Packed []byte

// packer is the compressor Pack reuses, made on the first Pack: a new one
// allocates about 1.2 MB of tables and windows, which every page fetched
// paid and the garbage collector then had to take back. One is kept, not
// one a processor (a sync.Pool would keep up to one per P): packing a page
// takes tens of microseconds, so waiting for it costs less than another
// 1.2 MB held.
var packer struct {
	sync.Mutex
	w *flate.Writer
}

// Pack compresses a body.
func Pack(body []byte) Packed {
	if len(body) == 0 {
		return nil
	}
	var b bytes.Buffer
	packer.Lock()
	defer packer.Unlock()
	if packer.w == nil {
		packer.w, _ = flate.NewWriter(&b, flate.BestSpeed) // only fails for a bad level
	} else {
		packer.w.Reset(&b)
	}
	packer.w.Write(body)
	packer.w.Close()
	return bytes.Clone(b.Bytes())
}

// Unpack gives the body back; what cannot be read (it never happens to
// what pack wrote) gives nothing rather than a broken page.
func (p Packed) Unpack() []byte {
	if p == nil {
		return nil
	}
	body, err := io.ReadAll(flate.NewReader(bytes.NewReader(p)))
	if err != nil {
		return nil
	}
	return body
}

// Cache keeps answers already fetched in this session, so going back and
// forward costs no request and no quota. It forgets the least recently used
// entry when full. It is used only from Update, so it needs no lock.
type Cache struct {
	max   int
	byKey map[Key]*node
	head  node // head.next is the most recent, head.prev the least
}

// node is one entry in the ring of entries by recency.
type node struct {
	key        Key
	val        Entry
	prev, next *node
}

// NewCache makes a cache of at most max entries.
func NewCache(max int) *Cache {
	c := &Cache{max: max, byKey: make(map[Key]*node)}
	c.head.prev, c.head.next = &c.head, &c.head
	return c
}

// Len is the number of entries kept.
func (c *Cache) Len() int { return len(c.byKey) }

// Get is the entry of key, made the most recent.
func (c *Cache) Get(key Key) (Entry, bool) {
	n, ok := c.byKey[key]
	if !ok {
		return Entry{}, false
	}
	c.unlink(n)
	c.pushFront(n)
	return n.val, true
}

// Peek is Get without making the entry recent, for drawing: looking at
// the screen must not change what the cache keeps.
func (c *Cache) Peek(key Key) (Entry, bool) {
	n, ok := c.byKey[key]
	if !ok {
		return Entry{}, false
	}
	return n.val, true
}

// Put keeps an entry, the most recent; the least recent goes when full.
func (c *Cache) Put(key Key, val Entry) {
	if n, ok := c.byKey[key]; ok {
		n.val = val
		c.unlink(n)
		c.pushFront(n)
		return
	}
	n := &node{key: key, val: val}
	c.byKey[key] = n
	c.pushFront(n)
	for len(c.byKey) > c.max {
		oldest := c.head.prev
		c.unlink(oldest)
		delete(c.byKey, oldest.key)
	}
}

// Drop forgets every page of a resource: all of a list when it is reloaded.
func (c *Cache) Drop(res api.Resource) {
	for k, n := range c.byKey {
		if k.Res == res {
			c.unlink(n)
			delete(c.byKey, k)
		}
	}
}

func (c *Cache) unlink(n *node) {
	n.prev.next, n.next.prev = n.next, n.prev
}

func (c *Cache) pushFront(n *node) {
	n.prev, n.next = &c.head, c.head.next
	c.head.next.prev = n
	c.head.next = n
}

// Profile is a company's profile if the cache holds it, without making it
// recent.
func (c *Cache) Profile(n api.Number) *api.Profile {
	if n == "" {
		return nil
	}
	e, _ := c.Peek(Key{Res: api.CompanyResource(n)})
	return e.Profile
}
