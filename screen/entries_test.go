package screen

import (
	"slices"
	"testing"
)

func TestALineOfEntriesIsCutAtCommasAndIntoItsNumbersAsWritten(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"names between commas", "marzipan, grumble & sons plumbing ltd", []string{"marzipan", "grumble & sons plumbing ltd"}},
		{"numbers after one another", "6401, 6403 SC006405", []string{"6401", "6403", "SC006405"}},
		{"a prefix across a space stays whole", "6400 sc 6405 6406", []string{"6400", "sc 6405", "6406"}},
		{"a label stays with its number", "Company No. 6400 6401", []string{"Company No. 6400", "6401"}},
		{"a number the reader refuses stays whole", "6400; 0123 4567", []string{"6400", "0123 4567"}},
		{"a name with a number in it stays whole", "ACME LTD 00006400", []string{"ACME LTD 00006400"}},
		{"thousands are not cut", "£6,400 Ltd|Teapot", []string{"£6,400 Ltd", "Teapot"}},
		{"empty parts are left out", " , ;\t6400 ,", []string{"6400"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var got []string
			for i, in := range Entries(tc.text) {
				got = append(got, in.Text)
				if in.Line != i+1 {
					t.Errorf("entry %d is at %d", i+1, in.Line)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("Entries(%q) = %q, want %q", tc.text, got, tc.want)
			}
		})
	}
}
