//go:build unix

package watch

import (
	"errors"
	"syscall"
)

// alive reports whether a process of this machine is running: signal 0
// is delivered to nobody, only checked. EPERM means it runs as someone
// else, which is still running.
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
