package e2e

import "testing"

// The form of an advanced search in the real binary, in a real terminal
// (issue 23): ctrl+f from the search box, the filters typed line by line,
// Enter lists what matches, a company opens, and back returns to the
// results, then to the form with its values.
func TestEndToEndTheFormListsCompaniesAndComesBack(t *testing.T) {
	t.Parallel()
	s := startTmux(t, 110, 30, cleanEnv(t), "--demo")
	s.waitFor("Company ›")
	s.keys("C-f")
	s.waitFor("Find companies", "Status", "SIC codes", "Incorporated from")
	s.keys("Tab", "Tab")
	s.keys("-l", "active")
	s.keys("Tab", "Tab")
	s.keys("-l", "62020")
	s.waitFor("62020 Information technology consultancy activities")
	s.keys("Tab")
	s.keys("-l", "saltmere")
	s.keys("Enter")
	s.waitFor("9 companies: active, SIC 62020, in saltmere", "AMBER ANVIL HOLDINGS LTD", "Saltmere")
	s.keys("Down", "Enter")
	s.waitFor("BRAMBLE ANVIL HOLDINGS LTD  00007106", "1 overview")
	s.keys("BSpace")
	s.waitFor("9 companies: active, SIC 62020, in saltmere", "2 of 9")
	s.keys("BSpace")
	s.waitFor("Find companies", "> active", "> 62020", "> saltmere")
	s.keys("C-c")
	s.waitFor("coview exited with 0")
}
