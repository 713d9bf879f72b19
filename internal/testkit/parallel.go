package testkit

import (
	"flag"
	"fmt"
)

// Parallel lets n of a package's parallel tests run at once, unless the
// command line says otherwise with -parallel. Call it from TestMain,
// before m.Run.
//
// Go's default is the number of CPUs, which suits tests that compute.
// It is for packages whose tests mostly wait: for processes, terminals,
// timeouts and the rate-limit windows of registries of their own, each
// test with its own. More of those can wait at once than there are CPUs.
func Parallel(n int) {
	if !flag.Parsed() {
		flag.Parse()
	}
	explicit := false
	flag.Visit(func(f *flag.Flag) { explicit = explicit || f.Name == "test.parallel" })
	if !explicit {
		flag.Set("test.parallel", fmt.Sprint(n))
	}
}
