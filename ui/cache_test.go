package ui

import (
	"fmt"
	"testing"
)

func TestCacheForgetsTheLeastRecentlyUsed(t *testing.T) {
	c := newCache(3)
	c.put("a", 1)
	c.put("b", 2)
	c.put("c", 3)
	c.get("a") // a is now the most recent; b the least
	c.put("d", 4)
	if _, ok := c.get("b"); ok {
		t.Error("b survived although it was least recently used")
	}
	for _, k := range []string{"a", "c", "d"} {
		if _, ok := c.get(k); !ok {
			t.Errorf("%s was forgotten", k)
		}
	}
	if c.order.Len() != 3 {
		t.Errorf("len %d, want 3", c.order.Len())
	}
}

func TestCacheIsBounded(t *testing.T) {
	c := newCache(cacheSize)
	for i := range 10 * cacheSize {
		c.put(fmt.Sprint(i), i)
	}
	if c.order.Len() != cacheSize {
		t.Fatalf("len %d, want %d", c.order.Len(), cacheSize)
	}
}

func TestCacheDropPrefixForgetsAllPagesOfAList(t *testing.T) {
	c := newCache(10)
	c.put("officers /company/1/officers 0", 1)
	c.put("officers /company/1/officers 100", 2)
	c.put("officers /company/2/officers 0", 3)
	c.dropPrefix("officers /company/1/officers ")
	if c.order.Len() != 1 {
		t.Fatalf("len %d after dropping one list's pages, want 1", c.order.Len())
	}
	if v, _ := c.get("officers /company/2/officers 0"); v != 3 {
		t.Fatal("another list's page was dropped")
	}
}

func TestCachePeekDoesNotChangeWhatIsKept(t *testing.T) {
	c := newCache(2)
	c.put("a", 1)
	c.put("b", 2)
	if v, ok := c.peek("a"); !ok || v != 1 {
		t.Fatalf("peek(a) = %v, %v", v, ok)
	}
	c.put("c", 3) // a is still the least recently used
	if _, ok := c.peek("a"); ok {
		t.Fatal("peeking kept a")
	}
}
