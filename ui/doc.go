// Package ui is coview's interactive browser: a Bubble Tea program that
// opens a company by number or name, shows it in five panes and follows
// its links like a web browser, with back and forward.
//
// The root model (this package) only navigates: it keeps the history,
// the page on screen and the request for the next one, and draws the
// frame around every page (the search box, a problem, a download, the
// footer). Each kind of page is a part of its own under parts/, made by a
// maker from a place and the session's cache (makers.go), sharing what
// ui/common holds; a part asks to go elsewhere by posting a message
// (common.OpenMsg, OpenLinkMsg, ReplaceMsg). Components any page may use
// live beside them: the search box, a list's table and filter, the
// download line, the countdown of waits for the quota.
//
// It talks to the registry only through common.Registry, so tests drive
// it with fakes and with the in-process demo registry. Every request is a
// tea.Cmd tagged with an id; answers for a page the user has left are
// dropped. Text from the network is sanitised before it is drawn.
package ui
