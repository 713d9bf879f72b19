package cli

import (
	"io"
	"net/url"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/cli/browser"
)

// hasDisplay says whether a viewer or a web browser started here would be
// seen by the user: on Linux and the BSDs, when there is an X or Wayland
// display; on macOS and Windows, unless the session came in over SSH
// (the window would open on the far machine's screen).
func hasDisplay(getenv func(string) string) bool {
	switch runtime.GOOS {
	case "darwin", "windows":
		return getenv("SSH_CONNECTION") == "" && getenv("SSH_TTY") == ""
	}
	return getenv("DISPLAY") != "" || getenv("WAYLAND_DISPLAY") != ""
}

var quietBrowser sync.Once

// openers are the browser's ways of showing a saved document and a web
// page: the system's (xdg-open, open, start), through github.com/cli/browser;
// nil when there is no display, and the browser then says where things
// are instead. What the launched program prints would land on the
// browser's screen, so it goes nowhere.
func openers(getenv func(string) string) (openFile, openURL func(string) error) {
	if !hasDisplay(getenv) {
		return nil, nil
	}
	quietBrowser.Do(func() { browser.Stdout, browser.Stderr = io.Discard, io.Discard })
	return func(path string) error { return browser.OpenURL(fileURL(path)) }, browser.OpenURL
}

// fileURL is a local file as a URL, with its spaces and other characters
// escaped, so the viewer receives one argument that names it exactly.
func fileURL(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}
