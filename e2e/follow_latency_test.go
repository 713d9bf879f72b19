package e2e

import (
	"context"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"coview/api/demo"
	"coview/watch"
)

// changesOnScreen reads the watch page's count of changes not seen yet.
var changesOnScreen = regexp.MustCompile(`changed since you last looked \((\d+) changes?\)`)

// How long a change takes from the registry's event to the watch list's
// log, and to the watch page open in the browser, with watch follow and
// the browser running as a user runs them (the real binary, in tmux).
// The demo's streams are on a clock this benchmark moves: an event is
// sent the moment the clock reaches it, and the time is taken from then
// until the log (read from the store) and the screen (read from tmux)
// have it. ms-to-log and ms-to-screen are the medians of five events of
// 00006420, and -max the longest.
func BenchmarkFollowEventToScreen(b *testing.B) {
	const number = "00006420"
	w := newFollowWorld(b, number)
	at, clk, env := w.at, w.clk, w.env
	host := strings.TrimPrefix(w.url, "http://")
	store, err := watch.Open(filepath.Join(getenv(env, "HOME"), ".local", "share", "coview", watch.FileName), host, watch.StoreOptions{})
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	follow := command(b, env, "--base-url", w.url, "watch", "follow")
	if err := follow.Start(); err != nil {
		b.Fatal(err)
	}
	s := startTmux(b, 120, 40, env, "--base-url", w.url)
	s.waitFor("you watch")
	s.keys("Escape")
	s.waitForChange()
	s.keys("W")
	s.waitFor("1 company watched")
	w.connected(b)

	var toLog, toScreen []time.Duration
	logged := func() int {
		changes, err := store.Changes(context.Background(), watch.Filter{})
		if err != nil {
			b.Fatal(err)
		}
		return len(changes)
	}
	b.ResetTimer()
	for range b.N {
		for e := 0; e < 5; e++ {
			before := logged()
			clk.Set(at.Add(time.Duration(e)*demo.LivingEvery(number) + time.Second))
			start := time.Now()
			for logged() == before {
				if time.Since(start) > 10*time.Second {
					b.Fatalf("event %d never reached the log", e)
				}
				time.Sleep(time.Millisecond) // the store is read a thousand times a second, no more
			}
			toLog = append(toLog, time.Since(start))
			s.until(func() string { return "the change on the watch page" }, func(screen string) bool {
				m := changesOnScreen.FindStringSubmatch(screen)
				n, _ := strconv.Atoi(append(m, "", "")[1])
				return n > before
			})
			toScreen = append(toScreen, time.Since(start))
		}
	}
	b.StopTimer()
	signalAndWait(b, follow, syscall.SIGTERM)
	report := func(d []time.Duration, unit string) {
		slices.Sort(d)
		b.ReportMetric(float64(d[len(d)/2].Microseconds())/1000, unit)
		b.ReportMetric(float64(d[len(d)-1].Microseconds())/1000, unit+"-max")
	}
	report(toLog, "ms-to-log")
	report(toScreen, "ms-to-screen")
}
