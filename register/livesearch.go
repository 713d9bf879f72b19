package register

import (
	"cmp"
	"context"
	"slices"
)

// A search while the live overlay has rows answers as the register now
// is: the file's companies it finds, less those the overlay says no
// longer match (or were taken off the register, or dissolved), with
// those of the file it did not find that the overlay says now match, in
// the file's order, each with the overlay's values; then the companies
// new since the file that match, in the order of the alphabetical index
// (the file's order is the registry's, by name, which they have no place
// in). The count agrees with the rows.

// liveAdjust is how the overlay changes a query's answer.
type liveAdjust struct {
	dropped map[uint32]bool // the file's companies found that no longer match
	added   ids             // the file's companies not found that now match, in order
	extra   []*Company      // companies not in the file that match
}

// adjust is how the overlay changes the answer to q; nil when it changes
// nothing.
func (ix *Index) adjust(ctx context.Context, q Query) (*liveAdjust, error) {
	snap, err := ix.liveNow(ctx)
	if err != nil || snap == nil || len(snap.rows) == 0 {
		return nil, err
	}
	m, err := newMatcher(q)
	if err != nil {
		return nil, err
	}
	a := &liveAdjust{dropped: map[uint32]bool{}}
	for _, r := range snap.rows {
		now := r.onRegister() && m.matches(r.company)
		if r.file == nil {
			if now {
				a.extra = append(a.extra, r.company)
			}
			continue
		}
		switch was := m.matches(r.file); {
		case was && !now:
			a.dropped[r.id] = true
		case !was && now:
			a.added = append(a.added, r.id)
		}
	}
	if len(a.dropped) == 0 && len(a.added) == 0 && len(a.extra) == 0 {
		return nil, nil
	}
	slices.Sort(a.added)
	slices.SortFunc(a.extra, func(x, y *Company) int {
		return cmp.Or(cmp.Compare(alphaKey(x.Name), alphaKey(y.Name)), cmp.Compare(x.Number, y.Number))
	})
	return a, nil
}

// hits is how many companies a query finds whose file's answer was base.
func (a *liveAdjust) hits(base int) int { return a.inFile(base) + len(a.extra) }

// inFile is how many of them are in the file.
func (a *liveAdjust) inFile(base int) int { return base - len(a.dropped) + len(a.added) }

// walk calls fn with the ids of the file's companies the query now finds,
// in order, until fn returns false.
func (ix *Index) walk(ctx context.Context, p *plan, a *liveAdjust, fn func(uint32) bool) error {
	added := a.added
	stopped := false
	emit := func(id uint32) bool {
		for len(added) > 0 && added[0] < id {
			if !fn(added[0]) {
				stopped = true
				return false
			}
			added = added[1:]
		}
		if a.dropped[id] {
			return true
		}
		if !fn(id) {
			stopped = true
			return false
		}
		return true
	}
	var err error
	if p.needRow {
		err = ix.matches(ctx, p, func(s *scanned) bool { return emit(uint32(s.id)) })
	} else {
		err = ix.candidates(ctx, p, emit)
	}
	if err != nil || stopped {
		return err
	}
	for _, id := range added {
		if !fn(id) {
			return nil
		}
	}
	return nil
}

// eachLive calls fn with every company the query now finds, in order,
// until fn returns false.
func (ix *Index) eachLive(ctx context.Context, p *plan, a *liveAdjust, fn func(*Company) bool) error {
	batch := make(ids, 0, rowsAtOnce)
	stopped := false
	flush := func() error {
		err := ix.rows(ctx, batch, func(s *scanned) bool {
			if !fn(ix.company(s)) {
				stopped = true
			}
			return !stopped
		})
		batch = batch[:0]
		return err
	}
	var err error
	werr := ix.walk(ctx, p, a, func(id uint32) bool {
		batch = append(batch, id)
		if len(batch) == rowsAtOnce {
			err = flush()
		}
		return err == nil && !stopped
	})
	if err != nil {
		return err
	}
	if werr != nil {
		return werr
	}
	if len(batch) > 0 {
		if err := flush(); err != nil {
			return err
		}
	}
	for _, c := range a.extra {
		if stopped {
			break
		}
		cc := *c
		stopped = !fn(&cc)
	}
	return nil
}

// searchLive is Search's page while the overlay changes the answer.
func (ix *Index) searchLive(ctx context.Context, p *plan, a *liveAdjust, page found) (int, error) {
	base, err := ix.count(ctx, p)
	if err != nil {
		return 0, err
	}
	inFile := a.inFile(base)
	start, end := page.Asked.StartIndex, page.Asked.StartIndex+page.Asked.ItemsPerPage
	if start < inFile {
		var want ids
		i := 0
		err := ix.walk(ctx, p, a, func(id uint32) bool {
			if i >= start {
				want = append(want, id)
			}
			i++
			return i < end
		})
		if err == nil {
			err = ix.rows(ctx, want, func(s *scanned) bool {
				page.Items = append(page.Items, ix.company(s).Found())
				return true
			})
		}
		if err != nil {
			return 0, err
		}
	}
	for j := max(start-inFile, 0); j < len(a.extra) && len(page.Items) < page.Asked.ItemsPerPage; j++ {
		page.Items = append(page.Items, a.extra[j].Found())
	}
	return a.hits(base), nil
}
