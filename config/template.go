package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
)

// Defaults are the defaults the template states, given by the packages
// that hold them (connections, the browser's layout), so that it cannot
// state others.
type Defaults struct {
	Connections  int     // a walk's budget before the registry has reported its quota
	PreviewWidth float64 // the preview's fraction of the window
}

// Template is the file coview config edit starts from: every setting,
// commented out, with what it takes and its default.
func Template(d Defaults) string {
	return fmt.Sprintf(template, d.Connections, strconv.FormatFloat(d.PreviewWidth, 'f', -1, 64))
}

const template = `# coview's settings. Every line is optional; coview config show prints
# what is in effect, and where each setting came from.

# Colours for a dark or light terminal: auto asks the terminal, light or
# dark say it for terminals that answer wrongly (tmux, SSH). COVIEW_THEME
# wins over this line.
# theme: auto

# Where the browser and coview document save filings' documents (default:
# XDG_DOWNLOAD_DIR, else ~/Downloads, else the current directory; for
# coview document, the current directory).
# download_dir: ~/Documents/filings

# The most requests a walk sends when no --budget is given. By default,
# coview connections (and x in the browser) sends what is left of the
# quota less a margin (%[1]d before the registry has said how much is left),
# and coview watch check as many as the quota allows.
# budgets:
#   connections: %[1]d
#   watch_check: 300

# The preview of the row under a list's cursor (p turns it off and on, P
# beside or under the list): right goes under the list when the list
# would get fewer than 80 columns; width is a fraction of the window or a
# number of columns.
# preview:
#   show: true
#   position: right
#   width: %[2]s

# Clicks and the wheel in the browser. While it is on, shift-drag selects
# text (in most terminals).
# mouse: true

# The browser's keys: an action, then a key or a list of keys, which
# replace the action's own. A key given to two actions is refused.
# coview config show lists every action with its keys.
# keys:
#   quit: [q, ctrl+q]
#   back: [backspace, h]

# The streaming API that coview stream follows (COVIEW_STREAM_URL and
# --stream-url win over this line).
# stream_url: https://stream.companieshouse.gov.uk

# The page coview index update finds the registry's monthly company file
# on (COVIEW_DOWNLOAD_URL and --download-url win over this line).
# download_url: https://download.companieshouse.gov.uk/en_output.html

# The API key is never read from this file: use coview auth login.
`

// Create writes text (the template) at path unless a file is there already
// (it is then left as it is, and created is false): whole, through a
// temporary file renamed into place, in a directory made if need be.
func Create(path, text string) (created bool, err error) {
	if _, err := os.Stat(path); err == nil {
		return false, nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return false, err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return false, err
	}
	tmp, err := os.CreateTemp(dir, ".config-*.yaml")
	if err != nil {
		return false, err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.WriteString(text); err != nil {
		tmp.Close()
		return false, err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return false, err
	}
	if err := tmp.Close(); err != nil {
		return false, err
	}
	// A link, not a rename: it fails rather than replace a file made in
	// the meantime.
	if err := os.Link(tmp.Name(), path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return false, nil
		}
		return false, fmt.Errorf("cannot make %s: %w", path, err)
	}
	return true, nil
}
