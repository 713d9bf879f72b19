package watch

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"coview/api"
)

// Quota is a registry's allowance: Limit requests in any Window.
type Quota struct {
	Limit  int
	Window time.Duration
}

// LiveQuota is the live registry's: 600 requests per 5 minutes per key.
var LiveQuota = Quota{Limit: 600, Window: 5 * time.Minute}

// String writes a quota as ParseQuota reads it: "600/5m0s".
func (q Quota) String() string { return fmt.Sprintf("%d/%s", q.Limit, q.Window) }

// ParseQuota reads "600/5m" (requests per window).
func ParseQuota(s string) (Quota, error) {
	n, w, ok := strings.Cut(strings.TrimSpace(s), "/")
	var q Quota
	if _, err := fmt.Sscanf(n, "%d", &q.Limit); err != nil || !ok || q.Limit <= 0 {
		return Quota{}, fmt.Errorf("%q is not a quota: give requests per window, like 600/5m", s)
	}
	d, err := time.ParseDuration(strings.TrimSpace(w))
	if err != nil || d <= 0 {
		return Quota{}, fmt.Errorf("%q is not a quota: give requests per window, like 600/5m", s)
	}
	q.Window = d
	return q, nil
}

// Share is the part of a quota a check may spend: the rest is kept for
// what a person asks for meanwhile (the browser, a lookup).
const Share = 0.8

// budget is what a check may spend of q in any window: Share of it, at
// least one request.
func (q Quota) budget() int { return max(int(float64(q.Limit)*Share), 1) }

// pacer keeps a check's requests within Share of the quota, whatever the
// registry's headers claim: in any span of a window, at most Share of the
// limit. It applies both the quota it was given (the live one unless told
// otherwise) and, when lower, the one the registry reports, so a registry
// that claims more never gets more, and one that allows less gets less.
// It also holds back while the registry reports less than the rest of
// its window left (someone else, a person browsing, spent it), until
// the window resets.
type pacer struct {
	quota  Quota
	client *api.Client
	now    func() time.Time

	mu   sync.Mutex
	sent []time.Time // when each recent request went out, oldest first
	// granted, when set (by tests), is told when each request may go.
	granted func(time.Time)
}

func newPacer(q Quota, c *api.Client, now func() time.Time) *pacer {
	return &pacer{quota: q, client: c, now: now}
}

// quotas are the allowances in force: the given one, and the registry's
// when it reports one that allows fewer requests in its window.
func (p *pacer) quotas() ([]Quota, api.RateLimit) {
	qs := []Quota{p.quota}
	rl := p.client.RateLimit()
	if rl.Known && rl.Limit > 0 {
		if w, err := time.ParseDuration(rl.Window); err == nil && w > 0 && (rl.Limit < p.quota.Limit || w > p.quota.Window) {
			qs = append(qs, Quota{Limit: rl.Limit, Window: w})
		}
	}
	return qs, rl
}

// next is when the next request may go, given what was sent: now, or
// later when a quota's share is spent or the registry's reserve reached.
func (p *pacer) next(now time.Time) (time.Time, string) {
	qs, rl := p.quotas()
	at, why := now, ""
	for _, q := range qs {
		b := q.budget()
		if len(p.sent) < b {
			continue
		}
		// The b-th most recent request must have left the window.
		if free := p.sent[len(p.sent)-b].Add(q.Window); free.After(at) {
			at, why = free, fmt.Sprintf("keeping within %d%% of the quota (%d requests per %s)", int(Share*100), q.Limit, q.Window)
		}
	}
	if rl.Known && rl.Limit > 0 && rl.Remain >= 0 && !rl.Reset.IsZero() && now.Before(rl.Reset) {
		reserve := rl.Limit - Quota{Limit: rl.Limit}.budget()
		if rl.Remain <= reserve && rl.Reset.After(at) {
			at, why = rl.Reset.Add(50*time.Millisecond), fmt.Sprintf("leaving the last %d requests of the registry's window for you", reserve)
		}
	}
	return at, why
}

// wait holds the caller back until a request may go, and counts it as
// sent. told hears of a wait longer than a moment, with when it ends.
func (p *pacer) wait(ctx context.Context, told func(why string, until time.Time)) error {
	for {
		p.mu.Lock()
		now := p.now()
		at, why := p.next(now)
		if !at.After(now) {
			p.sent = append(p.sent, now)
			p.trim(now)
			if p.granted != nil {
				p.granted(now)
			}
			p.mu.Unlock()
			return nil
		}
		p.mu.Unlock()
		if told != nil && at.Sub(now) >= time.Second {
			told(why, at)
		}
		t := time.NewTimer(at.Sub(now))
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		}
	}
}

// trim forgets sends older than every window.
func (p *pacer) trim(now time.Time) {
	longest := p.quota.Window
	if qs, _ := p.quotas(); len(qs) > 1 {
		longest = max(longest, qs[1].Window)
	}
	i := 0
	for i < len(p.sent) && now.Sub(p.sent[i]) > longest {
		i++
	}
	if i > 0 {
		p.sent = append(p.sent[:0], p.sent[i:]...)
	}
}

// free is how many requests may go at once now without waiting, for an
// estimate of how long a check takes.
func (p *pacer) free() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	qs, rl := p.quotas()
	n := -1
	for _, q := range qs {
		used := 0
		for _, t := range p.sent {
			if now.Sub(t) < q.Window {
				used++
			}
		}
		if left := q.budget() - used; n < 0 || left < n {
			n = left
		}
	}
	if rl.Known && rl.Limit > 0 && rl.Remain >= 0 && now.Before(rl.Reset) {
		n = min(n, rl.Remain-(rl.Limit-Quota{Limit: rl.Limit}.budget()))
	}
	return max(n, 0)
}

// rate is requests a second the pacer allows over the long run.
func (p *pacer) rate() float64 {
	qs, _ := p.quotas()
	r := -1.0
	for _, q := range qs {
		if v := float64(q.budget()) / q.Window.Seconds(); r < 0 || v < r {
			r = v
		}
	}
	return r
}
