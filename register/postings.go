package register

import (
	"encoding/binary"
	"hash/maphash"
	"slices"
	"strings"
)

// A search filters on a company's status, type, subtype, SIC codes,
// postcode area and district, incorporation day and the words of its
// address. For each value the index keeps the companies that have it as
// a posting list: their ids, ascending, as varint gaps, in chunks of
// about chunkBytes (a row each in the postings table). The lists are made
// in memory as the rows are read, so that no B-tree index has to be
// sorted for them after the load, and a search intersects them without
// reading a company until it shows one.

// chunkBytes keeps a chunk's row within one page of the postings table:
// a row of a WITHOUT ROWID table over about 1,000 bytes (with 4 kB pages)
// spills into pages of its own, most of which then stand empty.
const chunkBytes = 896

// The terms' prefixes: what a posting list is of.
const (
	termStatus   = "s:"
	termType     = "t:"
	termSubtype  = "u:"
	termSIC      = "c:"
	termArea     = "p:"
	termDistrict = "d:"
	termDay      = "i:" // incorporated on, yyyy-mm-dd
	termWord     = "a:" // a word of the registered office's address
)

// facet is a kind of posting list, by its term's prefix.
type facet int

const (
	facetStatus facet = iota
	facetType
	facetSubtype
	facetSIC
	facetArea
	facetDistrict
	facetDay
	facetWord
	facets
)

var facetPrefix = [facets]string{termStatus, termType, termSubtype, termSIC, termArea, termDistrict, termDay, termWord}

// chunk is a filled part of a posting list, to be stored.
type chunk struct {
	term  string
	first uint32 // the first id
	n     int    // ids in it
	ids   []byte // the gaps after first, as varints
}

// plist is a posting list being made: the chunk not yet full.
type plist struct {
	first, last uint32
	n           int
	head        uint64 // the term's first eight bytes and its length, to tell terms apart cheaply
	term        string
	buf         []byte
}

// lists makes every posting list as the rows go by; full chunks are
// kept for drain. Lists are found by a 64-bit hash of their term: a map
// keyed by an integer is several times faster than one keyed by the
// words, whose bytes are one more read from memory each time. Two terms
// are taken for one only if their hashes, lengths and first seven bytes
// are all the same (for the million or so terms of a register, a chance
// of about one in 10^10 or less); terms that share a hash otherwise have
// a map of their own.
type lists struct {
	small [facetWord]map[string]*plist // the facets other than words: a few thousand values at most
	by    map[uint64]*plist
	other map[string]*plist
	seed  maphash.Seed
	key   []byte
	out   []chunk
}

func newLists() *lists {
	l := &lists{by: map[uint64]*plist{}, other: map[string]*plist{}, seed: maphash.MakeSeed()}
	for f := range l.small {
		l.small[f] = map[string]*plist{}
	}
	return l
}

// add puts id, which is no smaller than any added before to any list, in
// the list of the facet's value.
func (l *lists) add(f facet, value string, id uint32) {
	if f == facetWord {
		l.key = append(append(l.key[:0], termWord...), value...)
		l.addKey(id)
		return
	}
	p := l.small[f][value]
	if p == nil {
		p = &plist{term: facetPrefix[f] + value}
		l.small[f][value] = p
	}
	l.put(p, id)
}

// addKey is add of the address word whose term is in l.key.
func (l *lists) addKey(id uint32) {
	h := maphash.Bytes(l.seed, l.key)
	head := headOf(l.key)
	p := l.by[h]
	switch {
	case p == nil:
		p = &plist{head: head, term: string(l.key)}
		l.by[h] = p
	case p.head != head:
		p = l.other[string(l.key)]
		if p == nil {
			p = &plist{head: head, term: string(l.key)}
			l.other[string(l.key)] = p
		}
	}
	l.put(p, id)
}

// put adds id to a list, handing over its chunk when it is full.
func (l *lists) put(p *plist, id uint32) {
	switch {
	case p.n == 0:
		p.first, p.last, p.n = id, id, 1
		return
	case p.last == id:
		return // a word twice in one address
	}
	if cap(p.buf)-len(p.buf) < binary.MaxVarintLen32 {
		// Grown by hand, so that a list never holds much more than a
		// chunk: a register has a million lists open at once.
		grown := make([]byte, len(p.buf), min(max(2*cap(p.buf), 16), chunkBytes+binary.MaxVarintLen32))
		copy(grown, p.buf)
		p.buf = grown
	}
	p.buf = binary.AppendUvarint(p.buf, uint64(id-p.last))
	p.last = id
	p.n++
	if len(p.buf) >= chunkBytes {
		l.out = append(l.out, chunk{term: p.term, first: p.first, n: p.n, ids: p.buf})
		p.first, p.last, p.n, p.buf = 0, 0, 0, nil
	}
}

// headOf is a term's first seven bytes and its length.
func headOf(k []byte) uint64 {
	var h uint64
	for i := 0; i < 7 && i < len(k); i++ {
		h |= uint64(k[i]) << (8 * i)
	}
	return h | uint64(min(len(k), 255))<<56
}

// drain hands over the chunks filled since the last drain.
func (l *lists) drain() []chunk {
	out := l.out
	l.out = nil
	return out
}

// rest is every list's last chunk, in order of term.
func (l *lists) rest() []chunk {
	var out []chunk
	for _, p := range l.by {
		if p.n > 0 {
			out = append(out, chunk{term: p.term, first: p.first, n: p.n, ids: p.buf})
		}
	}
	for _, m := range l.small {
		for _, p := range m {
			if p.n > 0 {
				out = append(out, chunk{term: p.term, first: p.first, n: p.n, ids: p.buf})
			}
		}
	}
	for _, p := range l.other {
		if p.n > 0 {
			out = append(out, chunk{term: p.term, first: p.first, n: p.n, ids: p.buf})
		}
	}
	slices.SortFunc(out, func(a, b chunk) int { return strings.Compare(a.term, b.term) })
	return out
}

// decodeChunk appends a chunk's ids to ids.
func decodeChunk(ids []uint32, first uint32, blob []byte) []uint32 {
	ids = append(ids, first)
	id := first
	for len(blob) > 0 {
		gap, n := binary.Uvarint(blob)
		if n <= 0 {
			break
		}
		id += uint32(gap)
		ids = append(ids, id)
		blob = blob[n:]
	}
	return ids
}
