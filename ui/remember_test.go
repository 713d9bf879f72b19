package ui

import (
	"os"
	"slices"
	"testing"

	tea "charm.land/bubbletea/v2"

	"coview/ui/common"
	"coview/ui/recent"
)

// A number opened just before quitting is kept even when the save that
// opening it asked for never ran: closing writes what was not saved.
func TestANumberOpenedJustBeforeQuittingIsRemembered(t *testing.T) {
	t.Parallel()
	f := fakeWith(t, "00000001")
	dir := t.TempDir()
	m := testModel(t, f, Options{StateDir: dir})
	// The answer arrives, but the Cmds it returns (the save among them)
	// are dropped, as they are when the program quits at that moment.
	_, cmd := m.Update(tea.PasteMsg{Content: "1\n"})
	for _, msg := range collect(t, cmd) {
		if fm, ok := msg.(common.FetchedMsg); ok {
			m.Update(fm)
		}
	}
	if place(m).Company != "00000001" {
		t.Fatalf("the company did not open: on %+v", place(m))
	}
	if err := m.closeRecent(); err != nil {
		t.Fatal(err)
	}
	store, _ := recent.Open(dir)
	if got, _ := store.Load(); !slices.Equal(got, []recent.Entry{{Number: "00000001", Name: "COMPANY 00000001 LIMITED"}}) {
		t.Fatalf("after quitting the recent numbers are %v", got)
	}
}

// Quitting the running program at once after opening a company leaves the
// number saved and nothing else behind; a save after that writes nothing.
func TestQuittingTheProgramAtOnceKeepsTheNumberAndWritesNothingAfter(t *testing.T) {
	t.Parallel()
	f := fakeWith(t, "00000001")
	dir := t.TempDir()
	m := newModel(t.Context(), Options{Registry: f, StateDir: dir, Now: pinnedNow})
	g := newCrashGuard()
	b := startBrowserOn(t, m, g, 80, 24)
	b.send(tea.PasteMsg{Content: "1\n"})
	b.onCompany("00000001")
	b.keys("q")
	b.tm.WaitFinished(t)
	if err := m.closeRecent(); err != nil {
		t.Fatal(err)
	}
	// A save asked for after closing writes nothing.
	collect(t, m.box.Remember("00000002", ""))
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 || entries[0].Name() != recent.FileName {
		t.Fatalf("the state directory holds %v (%v), want only %s", entries, err, recent.FileName)
	}
	store, _ := recent.Open(dir)
	if got, _ := store.Load(); !slices.Equal(got, []recent.Entry{{Number: "00000001", Name: "COMPANY 00000001 LIMITED"}}) {
		t.Fatalf("after quitting the recent numbers are %v", got)
	}
}
