package watch

import (
	"slices"
	"testing"
	"time"

	"coview/api"
	"coview/api/demo"
)

// A budget too small for a company's whole reading never starves it:
// each check keeps what it read of it (and reports what that showed),
// the company left unfinished goes first next time, and so within a few
// checks every change is reported, once. No check sends more than its
// budget, and each one cut short names the companies it did not finish.
// (Once, with --budget 4 over 4 companies, a new director was never
// reported in 5 checks: each check probed the company, threw the probe
// away when the budget ran out, and exited 1.)
func TestABudgetTooSmallForACompanyStillGetsItsChangesReported(t *testing.T) {
	t.Parallel()
	at := demo.LivingEventAt("00006422", 1000) // a director appointed: the probe, the profile and the officers
	clk := newClock(at.Add(-30 * time.Second))
	// A registry a little slow to answer, so that the four companies of
	// a check are asked about at once, as over the network.
	r := newRegistry(t, demo.Options{Now: clk.now, Latency: 20 * time.Millisecond})
	w := watching(t, r, clk, "00006400", "00006422", "00007001", "00007002")
	checkNow(t, w, CheckOptions{})
	r.requests()

	clk.set(at.Add(30 * time.Second))
	var got []Kind
	finished := false
	for i := range 5 {
		clk.set(at.Add(time.Duration(30+i) * time.Second)) // an hourly check, but the living company's next event is minutes away
		rep := checkNow(t, w, CheckOptions{Budget: 4})
		sent := 0
		for _, n := range r.requests() {
			sent += n
		}
		if sent > 4 || rep.Requests > 4 {
			t.Fatalf("check %d sent %d requests (it counted %d), over its budget of 4", i+1, sent, rep.Requests)
		}
		for _, ch := range rep.Changes {
			got = append(got, ch.Kind)
		}
		left := slices.IndexFunc(rep.NotChecked, func(nc NotChecked) bool { return nc.Number == "00006422" })
		if left >= 0 && rep.NotChecked[left].Why != ReasonBudget {
			t.Fatalf("check %d left 00006422 out for %v", i+1, rep.NotChecked[left].Why)
		}
		if len(rep.NotChecked) > 0 && !rep.Short() {
			t.Fatalf("check %d left out %+v without saying it was short", i+1, rep.NotChecked)
		}
		if left < 0 {
			finished = true
			break
		}
	}
	if want := []Kind{"filing/officers", KindOfficerAppointed}; !finished || !slices.Equal(got, want) {
		t.Fatalf("over five checks of budget 4: finished %v, reported %v; want %v", finished, got, want)
	}
	log, err := w.store.Changes(t.Context(), Filter{Numbers: []api.Number{"00006422"}})
	if err != nil || len(log) != 2 {
		t.Fatalf("the log holds %v (%v), want each change once", kinds(log), err)
	}
	// Finished, the company is checked as any other: one request.
	clk.set(at.Add(90 * time.Second))
	if rep := checkNow(t, w, CheckOptions{Budget: 4}); rep.Short() || rep.Checked != 4 || r.requests()["00006422"] != 1 {
		t.Fatalf("the check after: checked %d, not checked %+v", rep.Checked, rep.NotChecked)
	}
}
