package labels

import "testing"

func TestDatesAsShownAreWrittenAsISODates(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ shown, want string }{
		{"31 Mar 2026", "2026-03-31"},
		{"1 Jul 1991", "1991-07-01"},
		{"before 1 Jul 1991", "before 1991-07-01"},
		{"Mar 1970", "1970-03"},
		{"identity verified on 2 Oct 2025, due 14 Dec 2026", "identity verified on 2025-10-02, due 2026-12-14"},
		{"29 Feb 2024", "2024-02-29"},
		{"29 Feb 2025", "29 Feb 2025"}, // no such day
		{"2026-03-31", "2026-03-31"},
		{"MAY 2020 LIMITED", "MAY 2020 LIMITED"},
		{"10 Decks 2020", "10 Decks 2020"},
		{"Director", "Director"},
		{"", ""},
	} {
		if got := ISODates(tc.shown); got != tc.want {
			t.Errorf("ISODates(%q) = %q, want %q", tc.shown, got, tc.want)
		}
	}
	// Each date Date writes reads back as itself.
	for _, iso := range []string{"2011-01-14", "1999-12-31", "2024-02-29", "2000-10-01"} {
		if got := ISODates(Date(iso)); got != iso {
			t.Errorf("ISODates(Date(%q)) = %q", iso, got)
		}
	}
}
