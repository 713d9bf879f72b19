package searchbox

import (
	"slices"

	"coview/api"
	"coview/screen"
)

// Pasted is the last paste of several entries, as entries: the block's
// lines, or the numbers of a line of several. The :screen command
// screens it.
func (b *Box) Pasted() []screen.Input { return slices.Clone(b.pasted) }

// numberEntries are the company numbers of a line pasted, one entry a
// number as it was written ("6401, 6403 SC006405": 6401, 6403 and
// SC006405), in their order; what is no number is left out, as the
// numbers opened one by one leave it. Numbers the entries do not hold
// one each ("6400 and 6401" in running text) are entries as the
// registry writes them.
func numberEntries(text string, numbers []api.Number) []screen.Input {
	var texts []string
	var read []api.Number
	for _, e := range screen.Entries(text) {
		if q := screen.Read(e.Text); q.Kind == screen.ByNumber {
			texts, read = append(texts, e.Text), append(read, q.Number)
		}
	}
	if !slices.Equal(read, numbers) {
		texts = texts[:0]
		for _, n := range numbers {
			texts = append(texts, n.String())
		}
	}
	return screen.Arguments(texts)
}
