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

// NumberInputs are numbers as entries, one a number, in their order.
func NumberInputs(numbers []api.Number) []screen.Input {
	args := make([]string, len(numbers))
	for i, n := range numbers {
		args[i] = n.String()
	}
	return screen.Arguments(args)
}
