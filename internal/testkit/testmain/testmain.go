// Package testmain runs a package's tests as go test does, less the
// second that the race detector sleeps at the exit of every process it
// watches.
//
// That sleep (ThreadSanitizer's atexit_sleep_ms, 1000 by default) is for
// C programs whose threads may still be writing a report at exit. A Go
// test binary has no such threads, and package testing has already
// failed the run for any race it saw, during a test or outside one, by
// the time m.Run returns; but every test package under go test -race
// still holds one of go test's few run slots for a second doing nothing,
// and so does every copy of a test binary a test starts as a process.
//
// It imports nothing but the standard library, so any package's tests
// may use it.
package testmain

import (
	"os"
	"strings"
	"testing"
)

// Run runs m's tests and exits with their status: the whole of a
// TestMain that has nothing else to do.
func Run(m *testing.M) {
	Quiet()
	os.Exit(m.Run())
}

// Quiet makes this process, when the race detector watches it, exit
// without the detector's sleep: it starts the test binary again in its
// place (the same process, arguments and files) with
// atexit_sleep_ms=0 added to GORACE, which processes it starts inherit.
// It does nothing without -race, where GORACE already sets the sleep, or
// where a process cannot be replaced. Call it first in a TestMain.
func Quiet() {
	if !raceEnabled || strings.Contains(os.Getenv("GORACE"), "atexit_sleep_ms") {
		return
	}
	self, err := os.Executable()
	if err != nil {
		return
	}
	gorace := strings.TrimSpace(os.Getenv("GORACE") + " atexit_sleep_ms=0")
	if os.Setenv("GORACE", gorace) != nil {
		return
	}
	// On success this never returns; on failure the tests run here, as
	// they would have, only a second longer.
	reexec(self, os.Args, os.Environ())
}

// Env is the GORACE setting a test passes to a process it starts with an
// environment of its own, so that it too exits without the sleep;
// empty when GORACE is unset.
func Env() []string {
	if v, ok := os.LookupEnv("GORACE"); ok {
		return []string{"GORACE=" + v}
	}
	return nil
}
