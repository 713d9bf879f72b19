package stream

import (
	"hash/maphash"

	"coview/api"
)

// seen remembers, for the last size resources an event was about, what
// the last event said of each, so that an event repeating it is known.
// The registry sends many events more than once, each time with a new
// timepoint, so the timepoint cannot tell them apart; the resource (kind
// and id) and its etag can, or where there is no etag, the data itself.
//
// Memory is flat however long the stream runs: hashes only, in a map
// that never holds more than size entries, and a ring that says which to
// forget first.
type seen struct {
	seed  maphash.Seed
	last  map[uint64]sighting // resource -> what was last seen of it
	ring  []uint64            // resources in the order last seen
	next  int                 // ring position written next
	count uint64              // sightings so far
}

type sighting struct {
	sig uint64 // what the event said
	at  uint64 // which sighting it was, so that only the latest is forgotten
}

func newSeen(size int) *seen {
	return &seen{seed: maphash.MakeSeed(), last: make(map[uint64]sighting, size), ring: make([]uint64, size)}
}

// repeat records e and reports whether it says nothing new: the same
// resource as an event seen before, with the same type and etag (or data).
func (s *seen) repeat(e *api.Event) bool {
	var h maphash.Hash
	h.SetSeed(s.seed)
	h.WriteString(e.ResourceKind)
	h.WriteByte(0)
	h.WriteString(e.ResourceID)
	if e.ResourceID == "" {
		h.WriteByte(0)
		h.WriteString(e.ResourceURI)
	}
	resource := h.Sum64()

	h.Reset()
	h.WriteString(e.Type)
	h.WriteByte(0)
	if e.Etag != "" {
		h.WriteString(e.Etag)
	} else {
		h.Write(e.Data)
	}
	sig := h.Sum64()

	if was, ok := s.last[resource]; ok && was.sig == sig {
		return true
	}
	s.count++
	if old := s.ring[s.next]; s.count > uint64(len(s.ring)) {
		if was, ok := s.last[old]; ok && was.at == s.count-uint64(len(s.ring)) {
			delete(s.last, old)
		}
	}
	s.ring[s.next] = resource
	s.next = (s.next + 1) % len(s.ring)
	s.last[resource] = sighting{sig: sig, at: s.count}
	return false
}

// size is how many resources are remembered.
func (s *seen) size() int { return len(s.last) }
