package labels

import "sort"

//go:generate go run ./internal/gen

// enumEntry is one key of the registry's and its words.
type enumEntry struct{ key, words string }

// enumTable is one of the registry's tables (enumerations.go), sorted by
// key: static data, searched by bisection, so that the 3,000 or so keys
// cost nothing at start-up.
type enumTable []enumEntry

// registryTable names a table by the file and section it comes from.
type registryTable struct {
	file, section string
	table         enumTable
}

// get returns the registry's words for a normalised key.
func (t enumTable) get(key string) (string, bool) {
	i := sort.Search(len(t), func(i int) bool { return t[i].key >= key })
	if i < len(t) && t[i].key == key {
		return t[i].words, true
	}
	return "", false
}
