package ui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/ui/parts/watching"
	"coview/watch"
)

// pollOf is the watch page's poll among the messages a step kept.
func pollOf(t *testing.T, msgs []tea.Msg) tea.Msg {
	t.Helper()
	for _, m := range msgs {
		if tm, ok := m.(timerMsg); ok {
			if _, poll := tm.msg.(watching.PollMsg); poll {
				return tm.msg
			}
		}
	}
	t.Fatal("the watch page set no poll")
	return nil
}

// The watch page shows a change another coview records (a follow, a cron
// job's check) while the page is on screen, at its next poll; a poll
// when nothing was written reads nothing of the list.
func TestTheWatchPageShowsAChangeAnotherCoviewRecordsAsItComes(t *testing.T) {
	t.Parallel()
	w := watchedWorld(t)
	m := w.model(t, Options{})
	poll := pollOf(t, press(t, m, "esc", "W"))
	if s := screen(m); strings.Contains(s, "registered office") {
		t.Fatalf("the change is on screen before it happened:\n%s", s)
	}
	before := w.probes.Load()
	poll = pollOf(t, send(t, m, poll)) // nothing written: nothing read, no request
	if w.probes.Load() != before {
		t.Fatal("a poll asked the registry")
	}

	// Another process records a change: its own connection to the store.
	other, err := watch.Open(w.path, "demo", watch.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	w.clock.set(w.clock.now().Add(10 * time.Minute))
	rep, err := watch.New(other, w.client, watch.Options{Now: w.clock.now}).Check(context.Background(), watch.CheckOptions{})
	if err != nil || len(rep.Changes) == 0 {
		t.Fatalf("the other check: %v, %d changes", err, len(rep.Changes))
	}
	unseen, _ := w.store.Changes(context.Background(), watch.Filter{Unseen: true})
	want := fmt.Sprintf("(%d changes)", len(unseen))
	if s := screen(m); strings.Contains(s, want) {
		t.Fatalf("the page counts the other check's changes before it polled:\n%s", s)
	}
	send(t, m, poll)
	if s := screen(m); !strings.Contains(s, want) {
		t.Fatalf("after the poll the page does not count what the other check found, %s:\n%s", want, s)
	}
}

// w on an officer's page watches the officer, not the company the page
// was opened from; the watch page lists them; w again stops.
func TestWOnAnOfficersPageWatchesTheOfficer(t *testing.T) {
	t.Parallel()
	w := seededWorld(t)
	m := w.model(t, Options{})
	command(t, m, "company 00006400")
	selectLink(t, m, "Officers")
	press(t, m, "enter")
	openRow(t, m, "HARGREAVE")
	press(t, m, "enter") // every appointment of hers
	at := m.page.Place()
	if at.Res.Kind != api.ResAppointments {
		t.Fatalf("not on the officer's page: %+v", at)
	}
	press(t, m, "w")
	people, err := w.store.People(context.Background())
	if err != nil || len(people) != 1 || people[0].ID != at.Res.ID {
		t.Fatalf("after w on the officer's page %s, the people watched are %+v (%v); the footer says %q", at.Res.ID, people, err, m.c.Note.Text)
	}
	if on, _ := w.store.Watching(context.Background(), "00006400"); !on {
		t.Fatal("the company stopped being watched")
	}
	if !strings.Contains(m.c.Note.Text, "Watching HARGREAVE") {
		t.Fatalf("the footer says %q", m.c.Note.Text)
	}
	press(t, m, "W")
	if s := screen(m); !strings.Contains(s, "officer") || !strings.Contains(s, "HARGREAVE") {
		t.Fatalf("the watch page does not list the officer:\n%s", s)
	}
	press(t, m, "backspace", "w")
	if people, _ := w.store.People(context.Background()); len(people) != 0 {
		t.Fatalf("w again left %+v", people)
	}
}
