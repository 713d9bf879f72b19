package cli

import (
	"math"
	"runtime/debug"
	"testing"
)

// Not parallel: the limit is the whole process's.
func TestTheBrowsersMemoryLimitYieldsToTheUsersOwnSettings(t *testing.T) {
	t.Cleanup(func() { debug.SetMemoryLimit(math.MaxInt64) })
	for _, tc := range []struct {
		name string
		env  map[string]string
		want int64
	}{
		{"none set", nil, browserMemoryLimit},
		{"GOMEMLIMIT set", map[string]string{"GOMEMLIMIT": "1GiB"}, math.MaxInt64},
		{"GOGC set", map[string]string{"GOGC": "50"}, math.MaxInt64},
	} {
		debug.SetMemoryLimit(math.MaxInt64)
		limitBrowserMemory(func(k string) string { return tc.env[k] })
		if got := debug.SetMemoryLimit(-1); got != tc.want {
			t.Errorf("%s: limit %d, want %d", tc.name, got, tc.want)
		}
	}
}
