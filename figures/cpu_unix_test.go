//go:build unix

package figures

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has spent, its threads' (the
// garbage collector's) included: what a benchmark costs whatever else
// the machine is doing.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
