package labels

import (
	"regexp"
	"strconv"
	"sync"
)

// shownDate is a date as Date writes it ("31 Mar 2026"), or a month as a
// date of birth is written ("Mar 1970"), standing as words of their own.
var shownDate = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(?:([1-9]|[12][0-9]|3[01]) )?(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ([0-9]{4})\b`)
})

// ISODates writes the dates in text as Date and a month of birth show
// them ("31 Mar 2026", "before 1 Jul 1991", "Mar 1970") as ISO 8601 does
// ("2026-03-31", "before 1991-07-01", "1970-03"), for a file a program
// reads; a day the month does not have is left as it is.
func ISODates(text string) string {
	re := shownDate()
	if !re.MatchString(text) {
		return text
	}
	return re.ReplaceAllStringFunc(text, func(s string) string {
		m := re.FindStringSubmatch(s)
		month := 0
		for i, name := range monthAbbrev {
			if name == m[2] {
				month = i + 1
			}
		}
		year, _ := strconv.Atoi(m[3])
		iso := m[3] + "-" + twoDigits(month)
		if m[1] == "" {
			return iso
		}
		day, _ := strconv.Atoi(m[1])
		if day > daysIn(month, year) {
			return s
		}
		return iso + "-" + twoDigits(day)
	})
}

func twoDigits(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}
