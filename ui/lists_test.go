package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// Lists as issue 13 asks: filtered as you type, current rows only, and
// end going to the real end.

func TestAListIsFilteredAsYouTypeAndEscShowsAllAgain(t *testing.T) {
	t.Parallel()
	_, m := browsing(t)
	selectLink(t, m, "Officers")
	press(t, m, "enter")
	press(t, m, "f")
	typeText(t, m, "0012")
	if n := rowsOf(m).Len(); n != 1 || !strings.Contains(rowsOf(m).Item(0).Cells[0], "0012") {
		t.Fatalf("%d rows shown for 0012", n)
	}
	s := screen(m)
	mustContain(t, s, "Filter › 0012", `1 of 100 loaded match "0012"`, "PERSON 0012, Test")
	mustNotContain(t, s, "PERSON 0013, Test")
	press(t, m, "enter") // keep the filter, give the keys back to the list
	if typing(m.page) || rowsOf(m).Len() != 1 {
		t.Fatalf("after enter: filtering %v, %d rows", typing(m.page), rowsOf(m).Len())
	}
	// The filter is remembered with the page in history.
	press(t, m, "backspace", "alt+right")
	if rowsOf(m).Filter != "0012" || rowsOf(m).Len() != 1 {
		t.Fatalf("back and forward lost the filter: %q, %d rows", rowsOf(m).Filter, rowsOf(m).Len())
	}
	press(t, m, "esc")
	if rowsOf(m).Filtered() || rowsOf(m).Len() != 100 {
		t.Fatalf("esc left %d rows shown", rowsOf(m).Len())
	}
}

func TestCurrentRowsOnlyHidesTheResignedAndBack(t *testing.T) {
	t.Parallel()
	f, m := browsing(t)
	officers := makeOfficers(10)
	for i := range officers[:4] {
		officers[i].ResignedOn = "2021-01-01"
	}
	f.officers["/company/00000002/officers"] = officers
	send(t, m, tea.PasteMsg{Content: "00000002\n"})
	selectLink(t, m, "Officers")
	press(t, m, "enter", "c")
	if n := rowsOf(m).Len(); n != 6 {
		t.Fatalf("%d rows shown, want the 6 current", n)
	}
	mustContain(t, screen(m), "6 of 10 loaded are current", "Current rows only; c shows all.")
	press(t, m, "c")
	if n := rowsOf(m).Len(); n != 10 {
		t.Fatalf("%d rows shown, want all 10", n)
	}
}

func TestEndGoesToTheRealEndOfAListAfterSayingWhatItCosts(t *testing.T) {
	t.Parallel()
	f, m := browsing(t)
	selectLink(t, m, "Filing history")
	press(t, m, "enter")
	before := f.count()
	press(t, m, "end")
	mustContain(t, screen(m), "49 more pages to load (49 requests): end again loads them")
	if f.count() != before {
		t.Fatalf("end asked first, yet %d requests were made", f.count()-before)
	}
	press(t, m, "end")
	if got := f.count() - before; got != 49 {
		t.Fatalf("%d requests to reach the end, want 49", got)
	}
	if window(m).Cursor() != 4999 || !rowsOf(m).Done {
		t.Fatalf("cursor on %d after end (done %v)", window(m).Cursor(), rowsOf(m).Done)
	}
	mustContain(t, screen(m), "5,000 of 5,000")
}

func TestEscStopsLoadingToTheEnd(t *testing.T) {
	t.Parallel()
	f, m := browsing(t)
	selectLink(t, m, "Filing history")
	press(t, m, "enter", "end")
	release := holdRequests(f)
	defer release()
	_, cmd := m.Update(keyMsg("end"))
	if !toEnd(m) || !m.pageLoading() {
		t.Fatal("end again did not start loading")
	}
	mustContain(t, screen(m), "Loading filing history to the end: 100 of 5,000… esc stops")
	press(t, m, "esc")
	if toEnd(m) || m.pageLoading() {
		t.Fatal("esc did not stop loading to the end")
	}
	release()
	for _, msg := range collect(t, cmd) {
		m.Update(msg) // the cancelled page arrives late, and changes nothing
	}
	if rowsOf(m).Loaded != 100 || m.pageLoading() {
		t.Fatalf("after esc: %d loaded, more in flight %v", rowsOf(m).Loaded, m.pageLoading())
	}
}

func TestVShowsTheSourceOfAPageAndBack(t *testing.T) {
	t.Parallel()
	_, m := browsing(t)
	before := m.c.Reg.(*fakeRegistry).count()
	press(t, m, "v")
	s := screen(m)
	mustContain(t, s, "Source of /company/00000001 (v: back)", `"company_name": "COMPANY 00000001 LIMITED"`)
	press(t, m, "v")
	mustContain(t, screen(m), "1 overview", "Number")
	selectLink(t, m, "Officers")
	press(t, m, "enter", "v")
	mustContain(t, screen(m), `"name": "PERSON 0000, Test"`)
	if got := m.c.Reg.(*fakeRegistry).count() - before; got != 1 {
		t.Fatalf("%d requests, want only the officers: the source is kept", got)
	}
}

func TestALongJSONLineIsWrappedNotCut(t *testing.T) {
	t.Parallel()
	f, m := browsing(t)
	long := strings.Repeat("word ", 60) + "THE-END"
	f.docs["/company/00000001/charges"] = `{"note":"` + long + `","links":{"self":"/company/00000001/charges/c1"}}`
	selectLink(t, m, "Charges")
	press(t, m, "enter")
	s := screen(m)
	mustContain(t, s, "THE-END")
	for _, l := range splitLines(s) {
		if width(l) > 80 {
			t.Fatalf("a line wider than the screen: %q", l)
		}
	}
}

// Issue 20, item 14: the first end on a list not all loaded goes to the
// last row loaded, as the README says, while it says what loading the
// rest costs; it fetches nothing more until end again.
func TestTheFirstEndGoesToTheLastRowLoaded(t *testing.T) {
	t.Parallel()
	f, m := browsing(t)
	selectLink(t, m, "Filing history")
	press(t, m, "enter")
	before := f.count()
	press(t, m, "end")
	if window(m).Cursor() != rowsOf(m).Count-1 || rowsOf(m).Count != 100 {
		t.Fatalf("the first end left the cursor on %d of %d loaded", window(m).Cursor(), rowsOf(m).Count)
	}
	s := screen(m)
	mustContain(t, s, "49 more pages to load")
	if f.count() != before {
		t.Fatalf("the first end sent %d requests", f.count()-before)
	}
}
