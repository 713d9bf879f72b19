package stream

import (
	"strconv"
	"testing"

	"coview/api"
)

func TestTheMemoryOfResourcesSeenNeverGrowsPastItsSize(t *testing.T) {
	s := newSeen(1000)
	e := &api.Event{ResourceKind: "filing-history", Type: "changed", Etag: "x"}
	for i := range 1_000_000 {
		e.ResourceID = strconv.Itoa(i)
		if s.repeat(e) {
			t.Fatalf("event %d taken for a repeat", i)
		}
		if s.size() > 1000 {
			t.Fatalf("%d remembered after %d events", s.size(), i+1)
		}
	}
	if s.size() != 1000 {
		t.Fatalf("%d remembered, want the last 1000", s.size())
	}
	// The last thousand are still known.
	e.ResourceID = strconv.Itoa(999_999)
	if !s.repeat(e) {
		t.Fatal("the last resource seen was forgotten")
	}
}

func TestAResourceSeenAgainIsRememberedFromItsLastSighting(t *testing.T) {
	s := newSeen(3)
	at := func(id, etag string) *api.Event {
		return &api.Event{ResourceKind: "k", ResourceID: id, Type: "changed", Etag: etag}
	}
	s.repeat(at("a", "1"))
	s.repeat(at("b", "1"))
	s.repeat(at("a", "2")) // a again: its first sighting leaves the ring, but a must stay known
	s.repeat(at("c", "1"))
	if !s.repeat(at("a", "2")) {
		t.Fatal("a was forgotten with its older sighting")
	}
}

func TestWithoutAnEtagTheDataTellsARepeat(t *testing.T) {
	s := newSeen(10)
	e := &api.Event{ResourceKind: "filing-history", ResourceID: "t1", Type: "changed", Data: []byte(`{"type":"AA"}`)}
	if s.repeat(e) || !s.repeat(e) {
		t.Fatal("the same data twice is one event")
	}
	e2 := *e
	e2.Data = []byte(`{"type":"AA","pages":3}`)
	if s.repeat(&e2) {
		t.Fatal("other data is news")
	}
	e3 := *e
	e3.Type = "deleted"
	if s.repeat(&e3) {
		t.Fatal("a deletion is news")
	}
}
