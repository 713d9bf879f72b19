package figures

import "testing"

func TestNumbersAreWrittenExactly(t *testing.T) {
	t.Parallel()
	tests := []struct {
		n              Number
		plain, grouped string
	}{
		{NumberOf(375004), "375004", "375,004"},
		{NumberOf(-577), "-577", "-577"},
		{NumberOf(0), "0", "0"},
		{NumberOf(1_500_000), "1500000", "1,500,000"},
		{Number{coef: 3, exp: -2}, "0.03", "0.03"},
		{Number{coef: -123456789, exp: -2}, "-1234567.89", "-1,234,567.89"},
		{Number{coef: 48, exp: 5}, "4800000", "4,800,000"},
		{Number{coef: 12, exp: 3}, "12000", "12,000"},
	}
	for _, tt := range tests {
		if got := tt.n.String(); got != tt.plain {
			t.Errorf("%+v.String() = %q, want %q", tt.n, got, tt.plain)
		}
		if got := tt.n.Grouped(); got != tt.grouped {
			t.Errorf("%+v.Grouped() = %q, want %q", tt.n, got, tt.grouped)
		}
		if back, ok := ParseNumber(tt.plain); !ok || !back.Equal(tt.n) {
			t.Errorf("ParseNumber(%q) = %+v, %v", tt.plain, back, ok)
		}
	}
}

// Duplicates agree within the accuracy each is tagged with: 375,004 to
// the pound and 375,000 to the thousand are one value.
func TestRoundingToAnAccuracy(t *testing.T) {
	t.Parallel()
	tests := []struct {
		n    Number
		d    int
		want string
	}{
		{NumberOf(375004), -3, "375000"},
		{NumberOf(375500), -3, "376000"},
		{NumberOf(-375500), -3, "-376000"},
		{Number{coef: 12345, exp: -2}, 0, "123"},
		{Number{coef: 12355, exp: -2}, 1, "123.6"},
		{NumberOf(42), 2, "42"},
		{NumberOf(42), -30, "0"},
	}
	for _, tt := range tests {
		if got := tt.n.round(tt.d).String(); got != tt.want {
			t.Errorf("%s rounded to %d = %s, want %s", tt.n, tt.d, got, tt.want)
		}
	}
}
