// Package ui is coview's interactive browser: a Bubble Tea program that
// opens a company by number, shows its profile in five panes and follows
// its links (officers, filing history, PSC statements, an officer's other
// appointments) like a web browser, with back and forward.
//
// It talks to the registry only through the small Registry interface, so
// tests drive it with fakes and with the in-process demo registry. Every
// request is a tea.Cmd tagged with an id; results for a page the user has
// left are dropped. Text from the network is sanitised before it is drawn.
package ui
