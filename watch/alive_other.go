//go:build !unix

package watch

import "os"

// alive reports whether a process of this machine is running. Where
// processes cannot be asked without a signal, finding it is enough.
func alive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	p.Release()
	return true
}
