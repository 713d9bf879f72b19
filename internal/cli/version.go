package cli

import (
	"runtime/debug"
	"sync"
)

// version is set at build time with
// -ldflags "-X coview/internal/cli.version=..."; the module version from
// the build info is used otherwise.
var version = ""

// programVersion is what --version prints and the User-Agent carries.
// The build info is parsed once a run, not at each use.
var builtVersion = sync.OnceValue(func() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
})

func programVersion() string { return builtVersion() }

func userAgent() string { return "coview/" + programVersion() }
