package watch

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"coview/api"
	"coview/api/demo"
	"coview/stream"
)

// A watched person's new appointment at a company nobody watches, and a
// resignation, are reported by a check (from the person's appointments)
// and by a follow (from the officers stream), each once, in the same
// words but for the company's name, which no event carries.
func TestAWatchedPersonsNewAppointmentsAreReportedByACheckAndByAFollow(t *testing.T) {
	t.Parallel()
	j := 6000 // her 6,000th appointment, in 2026
	start := demo.SerialAppointedAt(j).Add(-time.Minute)
	w := newStreamWorld(t, start, nil)
	followed := w.watchedList(t, w.reg, nil, demo.SerialDirector)
	checked := w.watchedList(t, w.ref, nil, demo.SerialDirector)
	fl := w.follow(t, followed, []string{stream.Officers})
	asked := len(w.reg.URIs())
	ctx := context.Background()

	at := demo.SerialAppointedAt(j).Add(time.Minute)
	w.clk.Set(at)
	fl.upTo(t, []string{stream.Officers}, start, at)
	got := fl.take()
	rep := checkNow(t, checked, CheckOptions{})
	want := rep.Changes
	if rep.People != 1 {
		t.Fatalf("the check read %d people", rep.People)
	}
	wantKinds := []string{"14024000 " + string(KindPersonAppointed), "14023984 " + string(KindPersonResigned)}
	if k := kinds(want); !sameSet(k, wantKinds) {
		t.Fatalf("the check reported %v, want %v", k, wantKinds)
	}
	sameChanges(t, "the follow", got, want)
	for _, c := range want {
		if c.OfficerID != demo.SerialDirector || c.Name != "PENNYWORTH, Araminta Jane" || c.Role != "director" || c.CompanyName == "" {
			t.Errorf("the check's change is %+v", c)
		}
	}
	if n := len(w.reg.URIs()) - asked; n != 0 {
		t.Errorf("the follow sent %d requests", n)
	}
	// The log has them under the person, with the company they are at.
	log, err := followed.Store().Changes(ctx, Filter{Officers: []string{demo.SerialDirector}})
	if err != nil || len(log) != 2 || log[0].OfficerID != demo.SerialDirector || log[0].Number == "" {
		t.Fatalf("the log: %+v, %v", log, err)
	}
	people, err := followed.Store().People(ctx)
	if err != nil || len(people) != 1 || people[0].Unseen != 2 || people[0].Name != "PENNYWORTH, Araminta Jane" {
		t.Fatalf("the people watched: %+v, %v", people, err)
	}

	// A check after the follow finds nothing new, and fills in the name
	// of the company.
	if rep := checkNow(t, followed, CheckOptions{}); len(rep.Changes) != 0 || rep.People != 1 {
		t.Fatalf("a check after the follow reported %v", kinds(rep.Changes))
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// A person is watched by the registry's officer id, from the id or the
// link to their appointments (the web page's too); anything else is no
// officer id.
func TestAnOfficerIDIsReadFromItsLink(t *testing.T) {
	t.Parallel()
	for link, want := range map[string]string{
		"/officers/" + demo.SerialDirector + "/appointments":                                        demo.SerialDirector,
		"https://find-and-update.company-information.service.gov.uk/officers/AbC-12_x/appointments": "AbC-12_x",
		"/officers/AbC/appointments?page=2":                                                         "AbC",
		"/company/00006400/officers":                                                                "",
		"/officers/a b/appointments":                                                                "",
		"/officers//appointments":                                                                   "",
		"/officers/abc/other":                                                                       "",
		"/officers/" + string(make([]byte, 80)) + "/appointments":                                   "",
	} {
		if got := OfficerID(link); got != want {
			t.Errorf("OfficerID(%q) = %q, want %q", link, got, want)
		}
	}
}

// Watching and unwatching a person: listed, and gone with the changes.
func TestAPersonIsWatchedListedAndRemoved(t *testing.T) {
	t.Parallel()
	w := newStreamWorld(t, demo.SerialAppointedAt(100), nil)
	wt := w.list(t, t.TempDir(), w.reg)
	ctx := context.Background()
	a, added, err := wt.AddOfficer(ctx, demo.SerialDirector)
	if err != nil || !added || a.Name == "" {
		t.Fatalf("adding her: %v %v", added, err)
	}
	if _, added, _ := wt.AddOfficer(ctx, demo.SerialDirector); added {
		t.Fatal("added twice")
	}
	if _, _, err := wt.AddOfficer(ctx, "nosuchofficer"); !errors.Is(err, api.ErrNotFound) {
		t.Fatalf("an officer the registry does not know: %v", err)
	}
	people, _ := wt.Store().People(ctx)
	if len(people) != 1 || people[0].Current != 4 || people[0].Total != 101 {
		t.Fatalf("listed as %+v", people)
	}
	removed, err := wt.Store().RemoveOfficers(ctx, demo.SerialDirector, "other")
	if err != nil || !slices.Equal(removed, []string{demo.SerialDirector}) {
		t.Fatalf("removed %v, %v", removed, err)
	}
	if on, _ := wt.Store().WatchingOfficer(ctx, demo.SerialDirector); on {
		t.Fatal("still watched")
	}
}
