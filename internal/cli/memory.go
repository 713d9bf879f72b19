package cli

import "runtime/debug"

// browserMemoryLimit is the Go runtime's share of the browser's memory
// budget (docs/speed.md, budget 4: under 30 MB resident). The rest is the
// binary's pages and the C library, about 14 MB. A browser runs for hours
// and keeps what it fetched; below the limit the collector runs as Go's
// default has it (when the heap has doubled), near it as often as it
// takes to stay under, so only a session that holds that much pays for
// collecting often.
const browserMemoryLimit = 14 << 20

// limitBrowserMemory sets the browser's memory limit, unless GOMEMLIMIT or
// GOGC set the collector's pace already.
func limitBrowserMemory(getenv func(string) string) {
	if getenv("GOMEMLIMIT") == "" && getenv("GOGC") == "" {
		debug.SetMemoryLimit(browserMemoryLimit)
	}
}
