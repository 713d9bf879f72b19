package connections

import (
	"time"

	"coview/api"
)

// FreshBudget is a walk's budget when the registry has not reported its
// quota yet: most of a live window (600 requests per 5 minutes), leaving
// room to go on browsing.
const FreshBudget = 500

// DefaultBudget is a walk's budget when Options.Budget is 0: what is left
// of the quota the registry last reported, less a sixth of the window for
// everything else; the whole window less that margin once the window has
// reset; FreshBudget before the registry has said. It may be 0: the walk
// then checks only what the session already has, and lists the rest as
// not checked rather than wait for the next window.
func DefaultBudget(rl api.RateLimit, now time.Time) int {
	if !rl.Known || rl.Limit <= 0 {
		return FreshBudget
	}
	margin := max(rl.Limit/6, 1)
	if rl.Remain < 0 || (!rl.Reset.IsZero() && !now.Before(rl.Reset)) {
		return max(rl.Limit-margin, 0)
	}
	return max(rl.Remain-margin, 0)
}
