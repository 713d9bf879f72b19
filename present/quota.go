package present

import (
	"fmt"
	"strconv"
	"strings"

	"coview/api"
)

// Quota says how many requests the registry will still take in this
// window, in words: "599 of 600 requests left this 5 min". "" when the
// registry has not said.
func Quota(rl api.RateLimit) string {
	if !rl.Known || rl.Remain < 0 {
		return ""
	}
	return fmt.Sprintf("%s of %s requests left %s", Thousands(rl.Remain), Thousands(rl.Limit), window(rl.Window))
}

// QuotaShort is Quota for a narrow line: "599/600 left".
func QuotaShort(rl api.RateLimit) string {
	if !rl.Known || rl.Remain < 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d left", rl.Remain, rl.Limit)
}

// window reads X-Ratelimit-Window ("5m", "300s", "2s") as "this 5 min";
// anything else is "this window".
func window(w string) string {
	w = strings.TrimSpace(w)
	if len(w) < 2 {
		return "this window"
	}
	n, err := strconv.Atoi(w[:len(w)-1])
	if err != nil || n <= 0 {
		return "this window"
	}
	switch w[len(w)-1] {
	case 's':
		if n%60 == 0 {
			return fmt.Sprintf("this %d min", n/60)
		}
		return fmt.Sprintf("this %d s", n)
	case 'm':
		return fmt.Sprintf("this %d min", n)
	case 'h':
		return fmt.Sprintf("this %d h", n)
	}
	return "this window"
}
