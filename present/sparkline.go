package present

import (
	"math"
	"strings"
)

// sparks are a sparkline's bars, lowest first.
var sparks = []rune("▁▂▃▄▅▆▇█")

// Sparkline draws values as bars, oldest first, from the least of them
// (▁) to the most (█); a value not given (nil) is a gap. Values all the
// same are bars half way up.
func Sparkline(values []*float64) string {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range values {
		if v != nil {
			lo, hi = min(lo, *v), max(hi, *v)
		}
	}
	var b strings.Builder
	for _, v := range values {
		switch {
		case v == nil:
			b.WriteByte(' ')
		case hi == lo:
			b.WriteRune(sparks[len(sparks)/2-1])
		default:
			i := int(math.Round((*v - lo) / (hi - lo) * float64(len(sparks)-1)))
			b.WriteRune(sparks[i])
		}
	}
	return b.String()
}

// Trend is a row's values for its sparkline, oldest first.
func (r AccountsRow) Trend() []*float64 {
	out := make([]*float64, len(r.Cells))
	for i, c := range r.Cells {
		if c.Figure != nil {
			v := c.Figure.Value.Float64()
			out[len(r.Cells)-1-i] = &v
		}
	}
	return out
}
