package present

import (
	"testing"

	"coview/figures"
)

func TestAmountsAreShortenedOnATerminalAndChangesAreWords(t *testing.T) {
	t.Parallel()
	for v, want := range map[float64]string{1_569_093: "1.57m", 375_004: "375k", -577: "-577", 9_876: "9,876", 12_345: "12.3k", 31_900_000: "31.9m", 214_800_000: "215m", 2_500_000_000: "2.50bn", -65_746: "-65.7k"} {
		if got := ShortAmount(v, figures.NumberOf(int64(v)).Grouped()); got != want {
			t.Errorf("%v shortened is %q, want %q", v, got, want)
		}
	}
	for _, tt := range []struct {
		newer, older int64
		want         string
	}{
		{117, 100, "+17%"}, {95, 100, "-5%"}, {100, 100, "0%"}, {5, 0, ""}, {-117746, -49146, "-140%"}, {-65746, -1146, "<-999%"}, {-60000, 10, "<-999%"},
	} {
		if got := Change(figures.NumberOf(tt.newer), figures.NumberOf(tt.older)); got != tt.want {
			t.Errorf("from %d to %d: %q, want %q", tt.older, tt.newer, got, tt.want)
		}
	}
}
