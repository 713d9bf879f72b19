package ui

import (
	"container/list"
	"strings"
)

// cacheSize bounds what a session keeps: a profile is a few kilobytes and a
// list page of 100 items some tens, so 256 entries stay well under what a
// terminal program should hold, and cover a long walk back through history.
const cacheSize = 256

// cache keeps answers already fetched in this session, so going back and
// forward costs no request and no quota. It forgets the least recently used
// entry when full. It is used only from Update, so it needs no lock.
type cache struct {
	max   int
	order *list.List // front is most recently used; values are *cacheEntry
	byKey map[string]*list.Element
}

type cacheEntry struct {
	key   string
	value any
}

func newCache(max int) *cache {
	return &cache{max: max, order: list.New(), byKey: make(map[string]*list.Element)}
}

func (c *cache) get(key string) (any, bool) {
	e, ok := c.byKey[key]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*cacheEntry).value, true
}

// peek is get without making the entry recent, for drawing: looking at
// the screen must not change what the cache keeps.
func (c *cache) peek(key string) (any, bool) {
	e, ok := c.byKey[key]
	if !ok {
		return nil, false
	}
	return e.Value.(*cacheEntry).value, true
}

func (c *cache) put(key string, value any) {
	if e, ok := c.byKey[key]; ok {
		e.Value.(*cacheEntry).value = value
		c.order.MoveToFront(e)
		return
	}
	c.byKey[key] = c.order.PushFront(&cacheEntry{key, value})
	for c.order.Len() > c.max {
		oldest := c.order.Back()
		c.order.Remove(oldest)
		delete(c.byKey, oldest.Value.(*cacheEntry).key)
	}
}

// dropPrefix forgets every entry whose key starts with prefix: all pages of
// a list when it is reloaded.
func (c *cache) dropPrefix(prefix string) {
	for k, e := range c.byKey {
		if strings.HasPrefix(k, prefix) {
			c.order.Remove(e)
			delete(c.byKey, k)
		}
	}
}
