package ui

import (
	"slices"
	"testing"

	"coview/api"
	"coview/ui/parts/keyscreen"

	tea "charm.land/bubbletea/v2"
)

func TestFirstRunWithoutAKeyAsksForOneThenOpensTheNumber(t *testing.T) {
	t.Parallel()
	f := fakeWith(t, "00000001")
	var saved []string
	m := testModel(t, f, Options{
		NeedKey: true,
		Numbers: []api.Number{"00000001"},
		SaveKey: func(k string) (string, error) { saved = append(saved, k); return k, nil },
	})
	run(t, m, m.Init())
	if f.count() != 0 {
		t.Fatalf("requests before a key was given: %v", f.requests())
	}
	s := screen(m)
	mustContain(t, s, "An API key is needed", "Keys are free", "Create an account", keyscreen.DeveloperSite,
		"REST API key", "Key ›", "esc leave this screen")
	mustNotContain(t, s, "rejected")
	if !m.keys.Masked() {
		t.Fatal("the key input is not masked")
	}
	press(t, m, "enter")
	mustContain(t, screen(m), "Paste a key first.")
	if len(saved) != 0 {
		t.Fatal("an empty key was saved")
	}
	send(t, m, tea.PasteMsg{Content: "  abcdef12-3456-7890-abcd-ef1234567890\n"})
	mustNotContain(t, screen(m), "abcdef12")
	press(t, m, "enter")
	if !slices.Equal(saved, []string{"abcdef12-3456-7890-abcd-ef1234567890"}) || f.key != saved[0] {
		t.Fatalf("saved %v, SetKey %q", saved, f.key)
	}
	if m.keys != nil || place(m).Company != "00000001" {
		t.Fatalf("after the key: key screen %v, page %+v", m.keys != nil, place(m))
	}
}

func TestKeySaveErrorNeverShowsTheKey(t *testing.T) {
	t.Parallel()
	f := newFake()
	m := testModel(t, f, Options{
		NeedKey: true,
		SaveKey: func(k string) (string, error) { return "", errorString("cannot store " + k + ": keyring locked") },
	})
	send(t, m, tea.PasteMsg{Content: "secret-value-1234"})
	press(t, m, "enter")
	s := screen(m)
	mustContain(t, s, "cannot store (the key): keyring locked")
	mustNotContain(t, s, "secret-value-1234")
}

func TestEscLeavesTheFirstRunKeyScreen(t *testing.T) {
	t.Parallel()
	f := newFake()
	m := testModel(t, f, Options{NeedKey: true})
	press(t, m, "esc")
	if m.keys != nil {
		t.Fatal("esc did not leave the key screen")
	}
	mustContain(t, screen(m), "Company ›", "Type or paste a company number")
}

func TestKeyThatCannotBeStoredIsStillUsedForTheSession(t *testing.T) {
	t.Parallel()
	f := fakeWith(t, "00000001")
	m := testModel(t, f, Options{
		NeedKey: true,
		Numbers: []api.Number{"00000001"},
		SaveKey: func(k string) (string, error) {
			return k, errorString("using the key for this session only: no keyring")
		},
	})
	run(t, m, m.Init())
	send(t, m, tea.PasteMsg{Content: "abcdef12-3456-7890-abcd-ef1234567890"})
	press(t, m, "enter")
	if m.keys != nil || f.key != "abcdef12-3456-7890-abcd-ef1234567890" || place(m).Company != "00000001" {
		t.Fatalf("key screen up %v, key %q, page %+v", m.keys != nil, f.key, place(m))
	}
	mustContain(t, screen(m), "using the key for this session only")
}

// Issue 20, item 25: a key the prompt refuses is taken out of the masked
// field, so the next key typed is the whole of what is saved, not
// appended to the refused one.
func TestARefusedKeyIsEmptiedFromThePrompt(t *testing.T) {
	t.Parallel()
	f := fakeWith(t, "00000001")
	var tried []string
	m := testModel(t, f, Options{
		NeedKey: true,
		Numbers: []api.Number{"00000001"},
		SaveKey: func(k string) (string, error) {
			tried = append(tried, k)
			if k != "abcdef12-3456-7890-abcd-ef1234567890" {
				return "", errorString("this is not an API key: it should be 36 characters")
			}
			return k, nil
		},
	})
	run(t, m, m.Init())
	send(t, m, tea.PasteMsg{Content: "wrong"})
	press(t, m, "enter")
	s := screen(m)
	mustContain(t, s, "this is not an API key", "Key › paste your REST API key")
	send(t, m, tea.PasteMsg{Content: "abcdef12-3456-7890-abcd-ef1234567890"})
	press(t, m, "enter")
	if !slices.Equal(tried, []string{"wrong", "abcdef12-3456-7890-abcd-ef1234567890"}) {
		t.Fatalf("the keys tried were %q", tried)
	}
	if m.keys != nil || place(m).Company != "00000001" {
		t.Fatalf("after a good key: key screen %v, page %+v", m.keys != nil, place(m))
	}
}
