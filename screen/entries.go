package screen

import (
	"slices"
	"strings"
	"unicode"

	"coview/api"
)

// Entries reads a line of several entries, as typed after :screen or
// pasted on one line: one an entry between commas, semicolons, tabs,
// bars or line breaks (a comma that separates thousands, "6,400", is not
// one), and a part that is company numbers and nothing else ("6403
// SC006405", "sc 6405 6406") one entry a number, each as it is written.
// What coview screen takes as an argument is an entry here too.
func Entries(text string) []Input {
	var out []Input
	for _, part := range splitEntries(text) {
		for _, e := range numbersApart(part) {
			out = append(out, Argument(len(out)+1, e))
		}
	}
	return out
}

// splitEntries cuts text at the separators of entries, each part trimmed;
// empty ones are left out.
func splitEntries(text string) []string {
	runes := []rune(text)
	var parts []string
	start := 0
	cut := func(end int) {
		if p := strings.TrimSpace(string(runes[start:end])); p != "" {
			parts = append(parts, p)
		}
		start = end + 1
	}
	for i, r := range runes {
		switch {
		case strings.ContainsRune(";|\t\n\r", r):
			cut(i)
		case r == ',' && !thousands3(runes, i):
			cut(i)
		}
	}
	cut(len(runes))
	return parts
}

// thousands3 says whether the comma at i stands between digits, with
// exactly three after it: 6,400.
func thousands3(runes []rune, i int) bool {
	digit := func(j int) bool { return j >= 0 && j < len(runes) && unicode.IsDigit(runes[j]) }
	return digit(i-1) && digit(i+1) && digit(i+2) && digit(i+3) && !digit(i+4)
}

// numbersApart is a part of several company numbers and nothing else as
// one entry a number, each its words as written ("sc 6405" stays
// whole); any other part, a name or a number the reader refuses ("0123
// 4567"), is one entry.
func numbersApart(part string) []string {
	numbers, _ := api.ExtractNumbers(part)
	if len(numbers) < 2 || !api.ReadsAsNumbers(part) {
		return []string{part}
	}
	var out []string
	var got []api.Number
	words := strings.Fields(part)
	from := 0
	for i := range words {
		entry := strings.Join(words[from:i+1], " ")
		n, ignored := api.ExtractNumbers(entry)
		if len(n) == 1 && len(ignored) == 0 {
			out, got, from = append(out, entry), append(got, n[0]), i+1
		}
	}
	if from != len(words) || !slices.Equal(got, numbers) {
		return []string{part} // the words read otherwise apart: the reader says why
	}
	return out
}
