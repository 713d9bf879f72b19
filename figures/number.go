package figures

import (
	"math"
	"strconv"
	"strings"
)

// Number is a decimal value as a document states it: coef × 10^exp,
// exact, so that 0.03 employees and £1,234,567.89 are what was filed.
// The zero Number is 0.
type Number struct {
	coef int64
	exp  int32
}

// maxDigits bounds the significant digits of a Number, well above any
// amount in accounts and below what an int64 holds.
const maxDigits = 18

// maxExp bounds a Number's exponent, so that its text stays short
// whatever scale a document claims.
const maxExp = 40

// normal strips trailing zeros of the coefficient, so that equal values
// are equal Numbers.
func normal(coef int64, exp int32) Number {
	if coef == 0 {
		return Number{}
	}
	for coef%10 == 0 && exp < maxExp {
		coef /= 10
		exp++
	}
	return Number{coef, exp}
}

// parseDigits reads whole and fraction digits (only 0-9) into a Number.
// ok is false when there are no digits, or too many to hold.
func parseDigits(whole, frac string) (Number, bool) {
	if whole == "" && frac == "" {
		return Number{}, false
	}
	frac = strings.TrimRight(frac, "0")
	digits := strings.TrimLeft(whole+frac, "0")
	if len(digits) > maxDigits || len(frac) > maxExp {
		return Number{}, false
	}
	if digits == "" {
		return Number{}, true
	}
	c, err := strconv.ParseInt(digits, 10, 64)
	if err != nil {
		return Number{}, false
	}
	return normal(c, -int32(len(frac))), true
}

// NumberOf is n as a Number, for tests and callers that build values.
func NumberOf(n int64) Number { return normal(n, 0) }

// ParseNumber reads a plain decimal such as "-1234.5" (what String
// writes), for tests and stored values.
func ParseNumber(s string) (Number, bool) {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(s, ".")
	if strings.Trim(whole+frac, "0123456789") != "" {
		return Number{}, false
	}
	n, ok := parseDigits(whole, frac)
	if neg {
		n = n.Neg()
	}
	return n, ok
}

// Neg is -n.
func (n Number) Neg() Number { return Number{-n.coef, n.exp} }

// Sign is -1, 0 or 1.
func (n Number) Sign() int {
	switch {
	case n.coef < 0:
		return -1
	case n.coef > 0:
		return 1
	}
	return 0
}

// IsZero reports whether n is 0.
func (n Number) IsZero() bool { return n.coef == 0 }

// IsWhole reports whether n has no fraction.
func (n Number) IsWhole() bool { return n.exp >= 0 }

// scaled is n × 10^by; ok is false when the result would be out of
// bounds.
func (n Number) scaled(by int) (Number, bool) {
	e := int(n.exp) + by
	if n.coef == 0 {
		return Number{}, true
	}
	if e > maxExp || e < -maxExp {
		return Number{}, false
	}
	return Number{n.coef, int32(e)}, true
}

// Float64 is n as a float, for ratios and charts; never for showing.
func (n Number) Float64() float64 {
	return float64(n.coef) * math.Pow10(int(n.exp))
}

// round is n rounded to d decimal places (d may be negative: -3 is to
// the thousand), half away from zero.
func (n Number) round(d int) Number {
	drop := -d - int(n.exp) // digits of coef to drop
	if drop <= 0 {
		return n
	}
	if drop > maxDigits {
		return Number{}
	}
	p := int64(1)
	for range drop {
		p *= 10
	}
	q, r := n.coef/p, n.coef%p
	if r < 0 {
		r = -r
	}
	if 2*r >= p {
		if n.coef < 0 {
			q--
		} else {
			q++
		}
	}
	return normal(q, int32(-d))
}

// Equal reports whether n and m are the same value.
func (n Number) Equal(m Number) bool { return n == m }

// String is n in plain decimal notation: "375004", "-577", "0.03",
// "1500000". It is what JSON carries.
func (n Number) String() string {
	return n.text(false)
}

// Grouped is n with its thousands separated by commas: "375,004",
// "-1,500,000.5".
func (n Number) Grouped() string {
	return n.text(true)
}

func (n Number) text(group bool) string {
	c := n.coef
	neg := c < 0
	if neg {
		c = -c
	}
	digits := strconv.FormatInt(c, 10)
	var whole, frac string
	switch {
	case n.exp >= 0:
		whole = digits + strings.Repeat("0", int(n.exp))
	case int(-n.exp) >= len(digits):
		whole, frac = "0", strings.Repeat("0", int(-n.exp)-len(digits))+digits
	default:
		cut := len(digits) + int(n.exp)
		whole, frac = digits[:cut], digits[cut:]
	}
	if group && len(whole) > 3 {
		var b strings.Builder
		lead := len(whole) % 3
		if lead > 0 {
			b.WriteString(whole[:lead])
		}
		for i := lead; i < len(whole); i += 3 {
			if b.Len() > 0 {
				b.WriteByte(',')
			}
			b.WriteString(whole[i : i+3])
		}
		whole = b.String()
	}
	s := whole
	if frac != "" {
		s += "." + frac
	}
	if neg {
		s = "-" + s
	}
	return s
}

// MarshalJSON writes n as a JSON number, exactly.
func (n Number) MarshalJSON() ([]byte, error) { return []byte(n.String()), nil }
