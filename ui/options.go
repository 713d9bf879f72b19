package ui

import (
	"io"
	"time"

	"coview/accounts"
	"coview/api"
	"coview/register"
	"coview/ui/common"
	"coview/ui/download"
	"coview/ui/layout"
	"coview/ui/lives"
	"coview/watch"
)

// Registry is what the browser needs from the api client (*api.Client
// satisfies it).
type Registry = common.Registry

// Documents is where filings' documents come from (*api.DocumentClient
// satisfies it).
type Documents = download.Documents

// Options configure the browser.
type Options struct {
	Registry Registry
	Numbers  []api.Number                     // open the first; offer the rest
	NeedKey  bool                             // no key found: start on the key screen
	SaveKey  func(key string) (string, error) // validates and stores; returns the cleaned key to use, or an error saying why
	// KeyHost names the registry the key is for ("api.company-information.service.gov.uk").
	KeyHost string
	// KeyKept says, before the key is asked for, where SaveKey will keep
	// it: "in the system keyring", or why only for this session and how
	// to keep it. "" means it is not kept.
	KeyKept  string
	StateDir string // where "recent" lives; "" = XDG default

	// Documents fetches filings' documents (d, D); nil: there is no
	// document API. When it also reads a document into memory (Content,
	// as *api.DocumentClient does), the accounts pane and the table of
	// years read companies' figures through it. DownloadDir says where
	// they are saved, asked at each download; nil is save.DownloadDir of
	// the environment.
	Documents   Documents
	DownloadDir func() string
	// OpenFile opens a saved document in the system's viewer, and OpenURL
	// a web page in the web browser; nil when there is no display to open
	// them on (over SSH), and the browser says where they are instead.
	OpenFile func(path string) error
	OpenURL  func(url string) error
	// WebURL is the registry's public web page of a resource (o, y); nil,
	// or ok false, when the registry has no web site (a demo, a test).
	WebURL func(api.Resource) (string, bool)

	// Watch opens the watch list of this registry (w, W, the start
	// screen's count, a profile's changes since last seen). The browser
	// calls it from a Cmd, never while drawing: at start with create
	// false, when it returns nil (and no error) if there is no list yet,
	// and with create true when the user first watches a company. The
	// caller closes what it opened once Run has returned. nil: no watch
	// list in this session.
	Watch func(create bool) (*watch.Watcher, error)

	// Live follows the registry's companies and filings streams for the
	// live page (:live), from when the page is first opened; nil: no
	// streaming key, and the page says how to keep one.
	Live lives.Feed

	// Local is the register's index on this machine, if there is one.
	Local Local

	// Demo says the registry is coview's built-in demo (--demo): the
	// title line says so on every page, so its companies are not taken
	// for real ones.
	Demo bool
	// Settings are what the settings file says, checked already.
	Settings Settings

	Now     func() time.Time // nil = time.Now (tests pin it)
	Version string
	IO      Terminal // nil streams: stdin and stdout
}

// Local is the register's index on this machine, of the same registry,
// or a nil Index: searches of companies are answered from it, with no
// request. Offline, nothing is asked of the registry: a company is what
// the register's file holds, and Registry is never asked.
type Local struct {
	Index   *register.Index
	Offline bool
}

// figureDocuments is the document API as the figures are read from it:
// nil when there is none, or it cannot read a document into memory.
func figureDocuments(d Documents) accounts.Documents {
	if docs, ok := d.(accounts.Documents); ok && d != nil {
		return docs
	}
	return nil
}

// Settings are what the settings file (and COVIEW_THEME) say, checked
// already.
type Settings struct {
	// Theme is "light" or "dark" for a terminal whose background is
	// known better than it says (tmux, SSH); "" or "auto" asks it.
	Theme string
	// Keys bind actions to other keys, by the names of KeyActions.
	Keys map[string][]string
	// Layout is the list's preview as the settings file has it.
	Layout layout.Options
	// Problems are what is wrong in the settings, a sentence each, which
	// the browser shows when it starts: its screen hides stderr.
	Problems []string
}

// Terminal is where the browser reads keys from and draws to.
type Terminal struct {
	Input  io.Reader // nil = stdin
	Output io.Writer // nil = stdout
}

// KeyActions are the browser's actions that the settings file may bind,
// with their own keys, in the order the help shows them.
func KeyActions() []common.NamedKeys {
	k := common.DefaultKeyMap()
	return k.ActionKeys()
}
