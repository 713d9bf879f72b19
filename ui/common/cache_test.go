package common

import (
	"fmt"
	"testing"

	"coview/api"
	"coview/present"
)

// key is the cache key of page start of a made-up list.
func pageKey(list string, start int) Key {
	return Key{Res: api.Resource{Kind: api.ResOfficers, Link: "/company/00000001/" + list}, Start: start}
}

func val(summary string) Entry { return Entry{Page: &present.Page{Summary: summary}} }

func TestCacheForgetsTheLeastRecentlyUsed(t *testing.T) {
	c := NewCache(3)
	c.Put(pageKey("a", 0), val("a"))
	c.Put(pageKey("b", 0), val("b"))
	c.Put(pageKey("c", 0), val("c"))
	c.Get(pageKey("a", 0)) // a is now the most recent; b the least
	c.Put(pageKey("d", 0), val("d"))
	if _, ok := c.Get(pageKey("b", 0)); ok {
		t.Error("b survived although it was least recently used")
	}
	for _, k := range []string{"a", "c", "d"} {
		if e, ok := c.Get(pageKey(k, 0)); !ok || e.Page.Summary != k {
			t.Errorf("%s was forgotten or changed: %+v", k, e)
		}
	}
	if c.Len() != 3 {
		t.Errorf("len %d, want 3", c.Len())
	}
}

func TestCacheIsBounded(t *testing.T) {
	c := NewCache(CacheSize)
	for i := range 10 * CacheSize {
		c.Put(pageKey(fmt.Sprint(i), 0), val(""))
	}
	if c.Len() != CacheSize {
		t.Fatalf("len %d, want %d", c.Len(), CacheSize)
	}
}

func TestCacheDropForgetsAllPagesOfAList(t *testing.T) {
	c := NewCache(10)
	c.Put(pageKey("officers", 0), val("1"))
	c.Put(pageKey("officers", 100), val("2"))
	c.Put(pageKey("filing-history", 0), val("3"))
	c.Drop(pageKey("officers", 0).Res)
	if c.Len() != 1 {
		t.Fatalf("len %d after dropping one list's pages, want 1", c.Len())
	}
	if e, _ := c.Get(pageKey("filing-history", 0)); e.Page == nil || e.Page.Summary != "3" {
		t.Fatal("another list's page was dropped")
	}
	c.Put(pageKey("x", 0), val("x")) // the ring is still whole after drops
	if c.Len() != 2 {
		t.Fatalf("len %d, want 2", c.Len())
	}
}

func TestCachePeekDoesNotChangeWhatIsKept(t *testing.T) {
	c := NewCache(2)
	c.Put(pageKey("a", 0), val("a"))
	c.Put(pageKey("b", 0), val("b"))
	if e, ok := c.Peek(pageKey("a", 0)); !ok || e.Page.Summary != "a" {
		t.Fatalf("peek(a) = %+v, %v", e, ok)
	}
	c.Put(pageKey("c", 0), val("c")) // a is still the least recently used
	if _, ok := c.Peek(pageKey("a", 0)); ok {
		t.Fatal("peeking kept a")
	}
}
