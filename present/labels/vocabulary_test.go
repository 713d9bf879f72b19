package labels

import (
	"slices"
	"testing"
)

// Holding finds the terms whose words hold every word given, each as a
// word's beginning, in any case and order; nothing for no words.
func TestHoldingIsTheTermsWhoseWordsHoldEveryWordGiven(t *testing.T) {
	t.Parallel()
	v := SICCodes()
	for _, tc := range []struct {
		words string
		want  []string
	}{
		{"Sheep", []string{"0122", "01450"}},
		{"softw publ", []string{"58290", "7221"}},
		{"publishing, SOFTWARE", []string{"58290", "7221"}},
		{"", nil},
		{" , ", nil},
		{"quantum", nil},
	} {
		var got []string
		for _, term := range v.Holding(tc.words) {
			got = append(got, term.Key)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("Holding(%q) = %v, want %v", tc.words, got, tc.want)
		}
	}
	// A vocabulary made without its words split reads them as it goes.
	bare := Vocabulary{What: v.What, Terms: v.Terms}
	if got, want := bare.Holding("software"), v.Holding("software"); !slices.Equal(got, want) || len(got) != 8 {
		t.Errorf("without the words split: %v, want the %d of %v", got, len(want), want)
	}
}

// BenchmarkHolding is what the form pays on every frame while SIC words
// are typed (the hint says which codes they stand for).
func BenchmarkHolding(b *testing.B) {
	v := SICCodes()
	for b.Loop() {
		v.Holding("software")
	}
}
