package labels

import "testing"

func TestDate(t *testing.T) {
	runLabelCases(t, Date, []labelCase{
		{"an ISO date reads day month year", "2026-03-31", "31 Mar 2026"},
		{"single-digit days have no leading zero", "2026-01-05", "5 Jan 2026"},
		{"a timestamp is shown by its date", "2026-12-01T09:30:00Z", "1 Dec 2026"},
		{"padding is ignored", " 2026-09-15 ", "15 Sep 2026"},
		{"a leap day in a leap year is valid", "2024-02-29", "29 Feb 2024"},
		{"a leap day in a common year is returned as-is", "2026-02-29", "2026-02-29"},
		{"month 13 is returned as-is", "2026-13-01", "2026-13-01"},
		{"a UK-style date is returned as-is", "31/03/2026", "31/03/2026"},
		{"free text is returned as-is", "soon", "soon"},
		{"an empty date stays empty", "", ""},
	})
}
