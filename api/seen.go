package api

import (
	"crypto/sha256"
	"encoding/json"
)

// Seen remembers the items of a list's pages read so far, each known by
// its JSON as received, so that paging stops at a page that brings
// nothing new: a registry that serves the same page again, or pages that
// never end, cannot keep a caller asking for ever. It is the one rule
// every list and search is paged by.
type Seen map[[sha256.Size]byte]bool

// Fresh counts the items of a page (its body as received) and those not
// seen before, and remembers them. A body whose items cannot be read
// counts as one new item: it is another page, whatever else it is.
func (s Seen) Fresh(body []byte) (items, fresh int) {
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
