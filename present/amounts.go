package present

import (
	"fmt"
	"math"

	"coview/figures"
	"coview/present/sanitize"
)

// Amount is a figure as a table of years shows it: whole, as filed
// ("375,004", "-577"), or, short, in three figures or so ("1.57m",
// "375k"); a count is never shortened, and an amount in another currency
// says which.
func Amount(f figures.Figure, short bool) string {
	s := f.Value.Grouped()
	if short && !f.Name.IsCount() {
		s = ShortAmount(f.Value.Float64(), s)
	}
	if !f.Name.IsCount() && f.Unit != "" && f.Unit != "GBP" {
		s += " " + sanitize.Line(f.Unit)
	}
	return s
}

// Pounds is a figure in a sentence: "£375,004", "-£577", "31" (a
// count), "1,200 EUR" (another currency).
func Pounds(f figures.Figure) string {
	s := f.Value.Grouped()
	switch {
	case f.Name.IsCount():
		return s
	case f.Unit != "" && f.Unit != "GBP":
		return s + " " + sanitize.Line(f.Unit)
	case f.Value.Sign() < 0:
		return "-£" + f.Value.Neg().Grouped()
	}
	return "£" + s
}

// ShortAmount is an amount in three figures or so: "1.57m", "375k",
// "9,876"; whole is how it is written in full.
func ShortAmount(v float64, whole string) string {
	a := math.Abs(v)
	sign := ""
	if v < 0 {
		sign = "-"
	}
	three := func(x float64, unit string) string {
		switch {
		case x >= 100:
			return fmt.Sprintf("%s%.0f%s", sign, x, unit)
		case x >= 10:
			return fmt.Sprintf("%s%.1f%s", sign, x, unit)
		}
		return fmt.Sprintf("%s%.2f%s", sign, x, unit)
	}
	switch {
	case a >= 999_500_000:
		return three(a/1e9, "bn")
	case a >= 999_500:
		return three(a/1e6, "m")
	case a >= 10_000:
		return three(a/1e3, "k")
	}
	return whole
}

// Change is the change from the year before, as a percentage of the
// older amount: "+17%", "-5%", "0%"; none when the older is zero.
func Change(newer, older figures.Number) string {
	o := older.Float64()
	if o == 0 {
		return ""
	}
	pct := math.Round((newer.Float64() - o) / math.Abs(o) * 100)
	switch {
	case pct > 999:
		return ">+999%"
	case pct < -999:
		return "<-999%"
	case pct > 0:
		return fmt.Sprintf("+%.0f%%", pct)
	case pct < 0:
		return fmt.Sprintf("%.0f%%", pct)
	}
	return "0%"
}
