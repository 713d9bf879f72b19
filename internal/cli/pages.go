package cli

import (
	"crypto/sha256"
	"encoding/json"
)

// seenItems remembers the items of a list printed so far, each known by
// its JSON as received, so that paging stops at a page that brings
// nothing new: a registry that serves the same page again, or pages that
// never end, cannot keep a command asking for ever (issue 20, item 11).
type seenItems map[[sha256.Size]byte]bool

// fresh counts the items of a page (its body as received) not seen
// before, and remembers them. A body whose items cannot be read counts as
// all new: it is another page, whatever else it is.
func (s seenItems) fresh(body []byte) (items, fresh int) {
	var page struct {
		Items []json.RawMessage `json:"items"`
	}
	if json.Unmarshal(body, &page) != nil {
		return 0, 1
	}
	for _, it := range page.Items {
		sum := sha256.Sum256(it)
		if !s[sum] {
			s[sum] = true
			fresh++
		}
	}
	return len(page.Items), fresh
}
