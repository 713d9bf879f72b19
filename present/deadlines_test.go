package present

import (
	"testing"
	"time"
)

// Days are counted on calendar dates: a time.Duration holds only 292 years,
// and a registry date may be anything from 0001-01-01 to 9999-12-31.
func TestCountdownCountsCalendarDaysFromTheFirstYearToTheLast(t *testing.T) {
	cases := []struct {
		name string
		due  string
		want string
		late bool
	}{
		{"the last date there is", "9999-12-31", "due in 2,912,117 days", false},
		{"the first date there is", "0001-01-01", "overdue by 739,941 days", true},
		{"three centuries ahead, past where a duration saturates", "2319-03-04", "due in 106,752 days", false},
		{"the last day a duration could hold", "2319-03-03", "due in 106,751 days", false},
		{"three centuries ago", "1726-11-22", "overdue by 109,573 days", true},
		{"29 February of a leap year", "2028-02-29", "due in 464 days", false},
		{"the day after it", "2028-03-01", "due in 465 days", false},
		{"1 March of a common year", "2027-03-01", "due in 99 days", false},
		{"a century year that is not a leap year", "2100-03-01", "due in 26,762 days", false},
		{"29 February of a common year is no date", "2027-02-29", "", false},
		{"today", "2026-11-22", "due today", false},
		{"a thousand days ahead", "2029-08-18", "due in 1,000 days", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, late := Countdown(tc.due, today)
			if got != tc.want || late != tc.late {
				t.Errorf("Countdown(%q) = %q, %v; want %q, %v", tc.due, got, late, tc.want, tc.late)
			}
		})
	}
}

// Today is the date where the user is, whatever the hour or the zone.
func TestCountdownTakesTodayAsTheDateOnTheUsersCalendar(t *testing.T) {
	for _, now := range []time.Time{
		time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC),
		time.Date(2026, 11, 22, 23, 59, 59, 999999999, time.UTC),
		time.Date(2026, 11, 22, 23, 30, 0, 0, time.FixedZone("UTC-10", -10*3600)), // already 23 November in London
		time.Date(2026, 11, 22, 0, 30, 0, 0, time.FixedZone("UTC+14", 14*3600)),   // still 21 November in London
	} {
		if got, _ := Countdown("2026-11-22", now); got != "due today" {
			t.Errorf("at %s: %q, want due today", now, got)
		}
		if got, _ := Countdown("9999-12-31", now); got != "due in 2,912,117 days" {
			t.Errorf("at %s: %q", now, got)
		}
	}
}
