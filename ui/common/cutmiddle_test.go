package common

import "testing"

func TestCutMiddleKeepsBothEnds(t *testing.T) {
	for _, tc := range []struct {
		text string
		w    int
		want string
	}{
		{"00006400 2024-12-10 AA full accounts.pdf", 60, "00006400 2024-12-10 AA full accounts.pdf"},
		{"00006400 2024-12-10 AA full accounts.pdf", 21, "00006400 2…counts.pdf"},
		{"abcdefghij", 5, "ab…ij"},
		{"abcdefghij", 1, "a…j"},        // never less than a character each side
		{"日本語のファイル名.pdf", 9, "日本….pdf"}, // by cells, not bytes or runes
	} {
		if got := CutMiddle(tc.text, tc.w); got != tc.want {
			t.Errorf("CutMiddle(%q, %d) = %q, want %q", tc.text, tc.w, got, tc.want)
		}
	}
}
