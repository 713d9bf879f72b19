package watch

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"coview/api"
)

// A store an older coview left (schema version 1: changes marked seen
// with a flag, no claims) is brought up to date when opened: the list,
// its snapshots and its changes survive, what was seen stays seen, and
// checks work on it.
func TestAStoreOfAnOlderVersionIsMigratedKeepingEverything(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	old, err := open(path, "test", 1, StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, stmt := range []string{
		`INSERT INTO companies (registry, number, name, added_at, checked_at, seeded, version, profile, profile_at, filings)
			VALUES ('test', '00006400', 'MARZIPAN MOUNTAIN SOFTWARE LTD', 1000, 2000, 1, 3,
			'{"name":"MARZIPAN MOUNTAIN SOFTWARE LTD","status":"active","accounts_due":"2026-12-31"}', 2000, '{"total":12,"newest":"abc"}')`,
		`INSERT INTO datasets (registry, number, name, body, read_at) VALUES ('test', '00006400', 'officers', '{"items":{"a1":{"name":"HARGREAVE, Eleanor"}}}', 2000)`,
		`INSERT INTO changes (registry, number, kind, date, body, recorded_at, seen) VALUES
			('test', '00006400', 'filing/accounts', '2026-11-01', '{"kind":"filing/accounts","date":"2026-11-01","form_type":"AA"}', 3000, 1),
			('test', '00006400', 'officer/resigned', '2026-11-02', '{"kind":"officer/resigned","date":"2026-11-02","name":"HARGREAVE, Eleanor"}', 4000, 0)`,
	} {
		if _, err := old.db.ExecContext(ctx, stmt); err != nil {
			t.Fatal(err)
		}
	}
	old.Close()

	s, err := Open(path, "test", StoreOptions{})
	if err != nil {
		t.Fatalf("opening the old store: %v", err)
	}
	defer s.Close()
	var v int
	s.db.QueryRow("PRAGMA user_version").Scan(&v)
	if v != SchemaVersion {
		t.Fatalf("the schema is at version %d, want %d", v, SchemaVersion)
	}
	companies, err := s.Companies(ctx)
	if err != nil || len(companies) != 1 || companies[0].Profile.AccountsDue != "2026-12-31" || !companies[0].Seeded || companies[0].Unseen != 1 {
		t.Fatalf("after migrating, the list is %+v (%v)", companies, err)
	}
	all, _ := s.Changes(ctx, Filter{})
	if len(all) != 2 || !all[0].Seen() || all[0].SeenAt != time.UnixMilli(3000) || all[1].Seen() || all[1].Name != "HARGREAVE, Eleanor" {
		t.Fatalf("after migrating, the log is %+v", all)
	}
	// Claims work on the migrated store.
	rec, err := s.claim(ctx, newHolder(), time.UnixMilli(5000), time.Minute, nil)
	if err != nil || rec == nil || rec.filings.Newest != "abc" || rec.sets[setOfficers].Items["a1"].Name != "HARGREAVE, Eleanor" {
		t.Fatalf("claiming on the migrated store: %+v, %v", rec, err)
	}
}

// A store written by a newer coview is refused, saying so, and left as
// it is.
func TestAStoreOfANewerVersionIsRefused(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), FileName)
	s, err := Open(path, "test", StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s.db.Exec("PRAGMA user_version = 99")
	s.Close()
	_, err = Open(path, "test", StoreOptions{})
	if !errors.Is(err, ErrNewer) {
		t.Fatalf("opening a store of version 99: %v", err)
	}
}

// Lists of different registries in one file are kept apart.
func TestEachRegistryHasAListOfItsOwn(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), FileName)
	live, err := Open(path, "api.company-information.service.gov.uk", StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	demoList, err := Open(path, "demo", StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer demoList.Close()
	ctx := context.Background()
	live.AddProfile(ctx, &api.Profile{CompanyNumber: "00006400", CompanyName: "LIVE LTD"})
	if w, _ := demoList.Watching(ctx, "00006400"); w {
		t.Fatal("a company watched on the live registry is watched on the demo")
	}
	if w, _ := live.Watching(ctx, "00006400"); !w {
		t.Fatal("the live list lost its company")
	}
}

// Toggle, seen and unseen: what the browser does with a company.
func TestAddTakeAndMarkSeenDoWhatTheBrowserNeeds(t *testing.T) {
	t.Parallel()
	s := openStore(t, t.TempDir())
	ctx := context.Background()
	p := &api.Profile{CompanyNumber: "00006400", CompanyName: "MARZIPAN MOUNTAIN SOFTWARE LTD", Requested: "00006400"}
	if added, err := s.AddProfile(ctx, p); err != nil || !added {
		t.Fatalf("adding an unwatched company: %v, %v", added, err)
	}
	rec, _ := s.claim(ctx, "me", time.Now(), time.Minute, nil)
	changes := []Change{{Kind: KindNameChanged, Date: "2026-11-24"}, {Kind: KindStatusChanged, Date: "2026-11-24"}}
	next := *rec
	next.read = map[string]bool{}
	if ok, err := s.commit(ctx, "me", rec, &next, changes, time.Now(), nil); !ok || err != nil {
		t.Fatalf("commit: %v %v", ok, err)
	}
	if ok, _ := s.commit(ctx, "me", rec, &next, changes, time.Now(), nil); ok {
		t.Fatal("a second commit from the same version was recorded")
	}
	if companies, n, _ := s.Unseen(ctx); companies != 1 || n != 2 {
		t.Fatalf("unseen: %d companies, %d changes", companies, n)
	}
	if n, _ := s.MarkSeen(ctx, "00006400"); n != 2 {
		t.Fatalf("marking seen marked %d", n)
	}
	if _, n, _ := s.Unseen(ctx); n != 0 {
		t.Fatalf("after marking seen, %d unseen", n)
	}
	if taken, err := s.Take(ctx, "00006400"); err != nil || taken == nil || taken.Changes() != 2 {
		t.Fatalf("taking a watched company: %+v, %v", taken, err)
	}
	if taken, err := s.Take(ctx, "00006400"); err != nil || taken != nil {
		t.Fatalf("taking it again: %+v, %v", taken, err)
	}
	if all, _ := s.Changes(ctx, Filter{}); len(all) != 0 {
		t.Fatalf("the changes of a company no longer watched stay: %v", all)
	}
}

// Deadlines: overdue first, the longest overdue first, then the soonest;
// within leaves out the far ones but never an overdue one; dissolved
// companies have none.
func TestDeadlinesAreOverdueFirstThenSoonest(t *testing.T) {
	t.Parallel()
	today := time.Date(2026, 11, 24, 15, 0, 0, 0, time.UTC)
	companies := []Company{
		{Number: "A", Profile: ProfileSnap{Status: "active", AccountsDue: "2027-03-01", ConfirmationDue: "2026-12-01"}},
		{Number: "B", Profile: ProfileSnap{Status: "active", AccountsDue: "2026-10-01", ConfirmationDue: "2026-11-30", ConfirmationOverdue: true}},
		{Number: "C", Profile: ProfileSnap{Status: "dissolved", AccountsDue: "2020-01-01"}},
		{Number: "D", Profile: ProfileSnap{Status: "active", AccountsDue: "2026-11-24"}},
	}
	var got []string
	for _, d := range Deadlines(companies, today, today.AddDate(0, 0, 30)) {
		got = append(got, string(d.Number)+" "+d.What+" "+d.Due)
	}
	want := []string{"B accounts 2026-10-01", "B confirmation statement 2026-11-30", "D accounts 2026-11-24", "A confirmation statement 2026-12-01"}
	if !slices.Equal(got, want) {
		t.Fatalf("deadlines\n%v\nwant\n%v", got, want)
	}
	if d, _ := companies[3].Next(today); d.Days != 0 || d.Overdue {
		t.Fatalf("a deadline today: %+v", d)
	}
}
