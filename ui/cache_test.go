package ui

import (
	"fmt"
	"testing"

	"coview/api"
	"coview/present"
)

// key is the cache key of page start of a made-up list.
func pageKey(list string, start int) fetch {
	return fetch{res: api.Resource{Kind: api.ResOfficers, Link: "/company/00000001/" + list}, start: start}
}

func val(summary string) entry { return entry{page: &present.Page{Summary: summary}} }

func TestCacheForgetsTheLeastRecentlyUsed(t *testing.T) {
	c := newCache(3)
	c.put(pageKey("a", 0), val("a"))
	c.put(pageKey("b", 0), val("b"))
	c.put(pageKey("c", 0), val("c"))
	c.get(pageKey("a", 0)) // a is now the most recent; b the least
	c.put(pageKey("d", 0), val("d"))
	if _, ok := c.get(pageKey("b", 0)); ok {
		t.Error("b survived although it was least recently used")
	}
	for _, k := range []string{"a", "c", "d"} {
		if e, ok := c.get(pageKey(k, 0)); !ok || e.page.Summary != k {
			t.Errorf("%s was forgotten or changed: %+v", k, e)
		}
	}
	if c.len() != 3 {
		t.Errorf("len %d, want 3", c.len())
	}
}

func TestCacheIsBounded(t *testing.T) {
	c := newCache(cacheSize)
	for i := range 10 * cacheSize {
		c.put(pageKey(fmt.Sprint(i), 0), val(""))
	}
	if c.len() != cacheSize {
		t.Fatalf("len %d, want %d", c.len(), cacheSize)
	}
}

func TestCacheDropForgetsAllPagesOfAList(t *testing.T) {
	c := newCache(10)
	c.put(pageKey("officers", 0), val("1"))
	c.put(pageKey("officers", 100), val("2"))
	c.put(pageKey("filing-history", 0), val("3"))
	c.drop(pageKey("officers", 0).res)
	if c.len() != 1 {
		t.Fatalf("len %d after dropping one list's pages, want 1", c.len())
	}
	if e, _ := c.get(pageKey("filing-history", 0)); e.page == nil || e.page.Summary != "3" {
		t.Fatal("another list's page was dropped")
	}
	c.put(pageKey("x", 0), val("x")) // the ring is still whole after drops
	if c.len() != 2 {
		t.Fatalf("len %d, want 2", c.len())
	}
}

func TestCachePeekDoesNotChangeWhatIsKept(t *testing.T) {
	c := newCache(2)
	c.put(pageKey("a", 0), val("a"))
	c.put(pageKey("b", 0), val("b"))
	if e, ok := c.peek(pageKey("a", 0)); !ok || e.page.Summary != "a" {
		t.Fatalf("peek(a) = %+v, %v", e, ok)
	}
	c.put(pageKey("c", 0), val("c")) // a is still the least recently used
	if _, ok := c.peek(pageKey("a", 0)); ok {
		t.Fatal("peeking kept a")
	}
}
