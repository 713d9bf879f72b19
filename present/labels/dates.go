package labels

import (
	"strings"

	"coview/present/sanitize"
)

// monthAbbrev follows the registry's own web pages ("31 Mar 2026"), which
// is also unambiguous for readers outside the UK.
var monthAbbrev = [12]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}

// Date formats an ISO date ("2026-03-31") as "31 Mar 2026". A timestamp
// with a date prefix ("2026-03-31T10:00:00Z") is formatted by its date.
// Anything else, including "", is returned as it is (control characters
// neutralised, as for all network text) so that the caller never loses
// information it was given.
func Date(iso string) string { return formatDate(iso, &monthAbbrev) }

// formatDate writes an ISO date as day, month from months, and year, or
// returns it as given (made harmless to show) when it is not one.
func formatDate(iso string, months *[12]string) string {
	y, m, d, ok := parseISODate(strings.TrimSpace(iso))
	if !ok {
		return sanitize.Line(iso) // network text, made harmless to show
	}
	var b [20]byte
	out := b[:0]
	if d >= 10 {
		out = append(out, byte('0'+d/10))
	}
	out = append(out, byte('0'+d%10), ' ')
	out = append(out, months[m-1]...)
	out = append(out, ' ')
	out = append(out, y...)
	return string(out)
}

// parseISODate checks "YYYY-MM-DD" by hand rather than with time.Parse:
// it runs on every filing value, and it must also reject impossible dates
// such as 2026-02-30, which would otherwise be shown as if real.
func parseISODate(s string) (year string, month, day int, ok bool) {
	if len(s) < 10 || (len(s) > 10 && s[10] != 'T' && s[10] != ' ') {
		return "", 0, 0, false
	}
	if s[4] != '-' || s[7] != '-' {
		return "", 0, 0, false
	}
	y, ok1 := digits(s[0:4])
	m, ok2 := digits(s[5:7])
	d, ok3 := digits(s[8:10])
	if !ok1 || !ok2 || !ok3 || y == 0 || m < 1 || m > 12 || d < 1 || d > daysIn(m, y) {
		return "", 0, 0, false
	}
	return s[0:4], m, d, true
}

func digits(s string) (int, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

func daysIn(month, year int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// isISODate reports whether v is a date Date would reformat.
func isISODate(v string) bool {
	_, _, _, ok := parseISODate(strings.TrimSpace(v))
	return ok
}

// monthName is the month in full, as the registry's filing descriptions
// write it.
var monthName = [12]string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}

// LongDate formats an ISO date as the registry's pages write the dates in
// a filing's description: "3 March 2025". Anything else, including "", is
// returned as given.
func LongDate(iso string) string { return formatDate(iso, &monthName) }
