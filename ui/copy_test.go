package ui

import (
	"reflect"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// copied is what the messages would put on the clipboard with OSC 52.
func copied(msgs []tea.Msg) (string, bool) {
	clip := reflect.TypeOf(tea.SetClipboard("")())
	for _, msg := range msgs {
		if reflect.TypeOf(msg) == clip {
			return reflect.ValueOf(msg).String(), true
		}
	}
	return "", false
}

func TestCopyPutsTheCompanyNumberOnTheClipboard(t *testing.T) {
	t.Parallel()
	_, m := browsing(t)
	msgs := press(t, m, "y")
	got, ok := copied(msgs)
	if !ok || got != "00000001" {
		t.Fatalf("y copied %q (%v), want the number", got, ok)
	}
	want := tea.SetClipboard("00000001")()
	found := false
	for _, msg := range msgs {
		found = found || reflect.DeepEqual(msg, want)
	}
	if !found {
		t.Fatalf("no tea.SetClipboard(\"00000001\") among %v", msgs)
	}
	mustContain(t, screen(m), "Copied 00000001")
}

func TestCopyOnTheLinksPaneCopiesTheLinksURL(t *testing.T) {
	t.Parallel()
	_, m := browsing(t)
	selectLink(t, m, "Officers")
	got, ok := copied(press(t, m, "y"))
	if !ok || got != "https://registry.example/company/00000001/officers" {
		t.Fatalf("y copied %q (%v), want the link's full URL", got, ok)
	}
}

func TestCopyOfARefusedLinkCopiesNothing(t *testing.T) {
	t.Parallel()
	_, m := browsing(t)
	selectLink(t, m, "Insolvency")
	if got, ok := copied(press(t, m, "y")); ok {
		t.Fatalf("y copied %q from a refused link", got)
	}
	mustContain(t, screen(m), "Link refused")
}

func TestCopyOnHomeHasNothingToCopy(t *testing.T) {
	t.Parallel()
	m := testModel(t, newFake(), Options{})
	m.box.Blur()
	if got, ok := copied(press(t, m, "y")); ok {
		t.Fatalf("y copied %q with nothing open", got)
	}
	mustContain(t, screen(m), "Nothing to copy")
}
