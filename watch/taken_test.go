package watch

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"coview/api"
	"coview/api/demo"
)

// A company taken off the list and put back is as it was: its changes
// (seen or not, with their ids), what was read of it, and that it was
// checked, so the next check reports what happened since and no first
// check starts afresh. Taken twice is nothing; put back after another
// coview watched it again, what that one recorded stands.
func TestATakenCompanyPutBackIsAsItWas(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	at := demo.LivingEventAt("00006420", 1000)
	clk := newClock(at.Add(-30 * time.Second))
	r := newRegistry(t, demo.Options{Now: clk.now})
	w := watching(t, r, clk, "00006420", "00006400")
	checkNow(t, w, CheckOptions{})
	clk.set(at.Add(30 * time.Second))
	if rep := checkNow(t, w, CheckOptions{}); len(rep.Changes) != 1 {
		t.Fatalf("the check before taking it reported %v", kinds(rep.Changes))
	}
	before, _ := w.store.Overview(ctx, clk.now())
	log, _ := w.store.Changes(ctx, Filter{})

	taken, err := w.store.Take(ctx, "00006420")
	if err != nil || taken == nil || taken.Number != "00006420" || taken.Changes() != 1 {
		t.Fatalf("taking it: %+v, %v", taken, err)
	}
	if again, err := w.store.Take(ctx, "00006420"); again != nil || err != nil {
		t.Fatalf("taking it twice: %+v, %v", again, err)
	}
	if on, _ := w.store.Watching(ctx, "00006420"); on {
		t.Fatal("still watched once taken")
	}
	if put, err := w.store.PutBack(ctx, taken); !put || err != nil {
		t.Fatalf("putting it back: %v, %v", put, err)
	}
	after, _ := w.store.Overview(ctx, clk.now())
	if !reflect.DeepEqual(before, after) {
		t.Fatalf("the watch page after putting it back\n%+v\nwant\n%+v", after, before)
	}
	if back, _ := w.store.Changes(ctx, Filter{}); !reflect.DeepEqual(back, log) {
		t.Fatalf("the changes put back\n%+v\nwant\n%+v", back, log)
	}
	r.requests()
	clk.set(demo.LivingEventAt("00006420", 1001).Add(30 * time.Second))
	rep := checkNow(t, w, CheckOptions{})
	if len(rep.Seeded) != 0 || len(rep.Changes) != 2 || rep.Changes[0].Number != "00006420" {
		t.Fatalf("the check after putting it back: changes %v, seeded %v", kinds(rep.Changes), rep.Seeded)
	}

	// Meanwhile, another coview watched it again: that stands.
	taken, _ = w.store.Take(ctx, "00006420")
	other := openStore(t, filepath.Dir(w.store.Path()))
	if added, err := other.AddProfile(ctx, &api.Profile{CompanyNumber: "00006420", CompanyName: "WATCHED AGAIN LTD"}); !added || err != nil {
		t.Fatalf("the other coview adding it: %v, %v", added, err)
	}
	if put, err := w.store.PutBack(ctx, taken); put || err != nil {
		t.Fatalf("putting it back over another's: %v, %v", put, err)
	}
	companies, _ := w.store.Companies(ctx)
	if len(companies) != 2 || companies[1].Name != "WATCHED AGAIN LTD" {
		t.Fatalf("the list is %+v", companies)
	}
	if all, _ := w.store.Changes(ctx, Filter{}); len(all) != 0 {
		t.Fatalf("changes of the taken company came back under another's: %v", kinds(all))
	}
}
