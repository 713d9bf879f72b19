package ui

import (
	"bytes"
	"compress/flate"
	"io"

	"coview/api"
	"coview/connections"
	"coview/present"
)

// cacheSize bounds what a session keeps: a profile is a few kilobytes and a
// list page of 100 items some tens, so 256 entries stay well under what a
// terminal program should hold, and cover a long walk back through history.
const cacheSize = 256

// entry is an answer as the cache keeps it: a profile decoded (its panes
// are built from it on arrival), or anything else already in words and
// rows, with the body as received for the source view, compressed: it is
// read only when asked for (v), and JSON shrinks to a tenth. The decoded
// form of a list is not kept: its rows say all the browser shows.
type entry struct {
	profile *api.Profile
	page    *present.Page
	raw     packed
	// officer is, for the first page of an officer's appointments, what
	// it says of the officer: who else they probably are is asked with it.
	officer *connections.Record
}

// packed is a body kept compressed.
type packed []byte

func pack(body []byte) packed {
	if len(body) == 0 {
		return nil
	}
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestSpeed) // only fails for a bad level
	w.Write(body)
	w.Close()
	return bytes.Clone(b.Bytes())
}

// unpack gives the body back; what cannot be read (it never happens to
// what pack wrote) gives nothing rather than a broken page.
func (p packed) unpack() []byte {
	if p == nil {
		return nil
	}
	body, err := io.ReadAll(flate.NewReader(bytes.NewReader(p)))
	if err != nil {
		return nil
	}
	return body
}

// cache keeps answers already fetched in this session, so going back and
// forward costs no request and no quota. It forgets the least recently used
// entry when full. It is used only from Update, so it needs no lock.
type cache struct {
	max   int
	byKey map[fetch]*node
	head  node // head.next is the most recent, head.prev the least
}

// node is one entry in the ring of entries by recency.
type node struct {
	key        fetch
	val        entry
	prev, next *node
}

func newCache(max int) *cache {
	c := &cache{max: max, byKey: make(map[fetch]*node)}
	c.head.prev, c.head.next = &c.head, &c.head
	return c
}

// len is the number of entries kept.
func (c *cache) len() int { return len(c.byKey) }

func (c *cache) get(key fetch) (entry, bool) {
	n, ok := c.byKey[key]
	if !ok {
		return entry{}, false
	}
	c.unlink(n)
	c.pushFront(n)
	return n.val, true
}

// peek is get without making the entry recent, for drawing: looking at
// the screen must not change what the cache keeps.
func (c *cache) peek(key fetch) (entry, bool) {
	n, ok := c.byKey[key]
	if !ok {
		return entry{}, false
	}
	return n.val, true
}

func (c *cache) put(key fetch, val entry) {
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

// drop forgets every page of a resource: all of a list when it is reloaded.
func (c *cache) drop(res api.Resource) {
	for k, n := range c.byKey {
		if k.res == res {
			c.unlink(n)
			delete(c.byKey, k)
		}
	}
}

func (c *cache) unlink(n *node) {
	n.prev.next, n.next.prev = n.next, n.prev
}

func (c *cache) pushFront(n *node) {
	n.prev, n.next = &c.head, c.head.next
	c.head.next.prev = n
	c.head.next = n
}

// profile is a company's profile if the cache holds it, without making it
// recent.
func (c *cache) profile(n api.Number) *api.Profile {
	if n == "" {
		return nil
	}
	e, _ := c.peek(fetch{res: api.CompanyResource(n)})
	return e.profile
}
