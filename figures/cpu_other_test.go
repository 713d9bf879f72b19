//go:build !unix

package figures

import "time"

// cpuTime is not measured here.
func cpuTime() time.Duration { return 0 }
