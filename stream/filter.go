package stream

import "coview/api"

// Filter keeps the events about some companies, of some kinds; an empty
// part keeps every event.
type Filter struct {
	Numbers map[api.Number]bool
	Kinds   map[string]bool // resource kinds, as the events name them
}

// Keep reports whether the filter keeps e.
func (f Filter) Keep(e *api.Event) bool {
	if len(f.Numbers) > 0 && !f.Numbers[e.Number] {
		return false
	}
	return len(f.Kinds) == 0 || f.Kinds[e.ResourceKind]
}
