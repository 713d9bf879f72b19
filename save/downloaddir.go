package save

import (
	"os"
	"path/filepath"
	"strings"
)

// DownloadDir is where a document is saved when the user has not said
// where: $XDG_DOWNLOAD_DIR, else ~/Downloads, else the current directory;
// the first that is a directory. getenv is os.Getenv, or a test's own.
// $XDG_DOWNLOAD_DIR is read as user-dirs.dirs writes it, "$HOME/Downloads"
// included; a relative one is ignored, as the XDG rules say.
func DownloadDir(getenv func(string) string) string {
	home := getenv("HOME")
	if x := getenv("XDG_DOWNLOAD_DIR"); x != "" {
		x = strings.Trim(x, `"`)
		if rest, ok := strings.CutPrefix(x, "$HOME"); ok && home != "" {
			x = home + rest
		}
		if filepath.IsAbs(x) && isDir(x) {
			return filepath.Clean(x)
		}
	}
	if home != "" {
		if d := filepath.Join(home, "Downloads"); isDir(d) {
			return d
		}
	}
	if wd, err := os.Getwd(); err == nil {
		return wd
	}
	return "."
}

func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}
