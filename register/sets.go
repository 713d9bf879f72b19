package register

import (
	"math/bits"
	"slices"
)

// ids are companies' ids, ascending, without repeats: a posting list
// decoded, or what a search has narrowed the register to.
type ids []uint32

// intersect is the ids in both a and b, walking the longer one by
// galloping from the shorter one's ids.
func intersect(a, b ids) ids {
	if len(a) > len(b) {
		a, b = b, a
	}
	out := make(ids, 0, len(a))
	j := 0
	for _, x := range a {
		// Gallop: double the step until past x, then search back.
		step := 1
		for j+step < len(b) && b[j+step] < x {
			j += step
			step *= 2
		}
		k, found := slices.BinarySearch(b[j:min(j+step+1, len(b))], x)
		j += k
		if found {
			out = append(out, x)
		}
		if j >= len(b) {
			break
		}
	}
	return out
}

// minus is the ids of a that are not in b.
func minus(a, b ids) ids {
	out := make(ids, 0, len(a))
	j := 0
	for _, x := range a {
		for j < len(b) && b[j] < x {
			j++
		}
		if j < len(b) && b[j] == x {
			continue
		}
		out = append(out, x)
	}
	return out
}

// bitset is a set of ids as bits, for unions of many lists.
type bitset []uint64

func newBitset(maxID uint32) bitset { return make(bitset, maxID/64+1) }

func (b bitset) has(id uint32) bool { return b[id/64]&(1<<(id%64)) != 0 }

func (b bitset) add(list ids) {
	for _, id := range list {
		b[id/64] |= 1 << (id % 64)
	}
}

// count is how many ids the set holds.
func (b bitset) count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

// remove is the ids of list that are not in the set.
func (b bitset) remove(list ids) ids {
	out := make(ids, 0, len(list))
	for _, id := range list {
		if !b.has(id) {
			out = append(out, id)
		}
	}
	return out
}

// ids are the set's ids, ascending.
func (b bitset) ids() ids {
	out := make(ids, 0, b.count())
	for i, w := range b {
		for w != 0 {
			t := bits.TrailingZeros64(w)
			out = append(out, uint32(i*64+t))
			w &= w - 1
		}
	}
	return out
}

// union is the ids in any of lists.
func union(maxID uint32, lists []ids) ids {
	switch len(lists) {
	case 0:
		return nil
	case 1:
		return lists[0]
	}
	b := newBitset(maxID)
	for _, l := range lists {
		b.add(l)
	}
	return b.ids()
}
