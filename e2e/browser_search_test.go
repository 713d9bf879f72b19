package e2e

import (
	"testing"
)

// A name typed into the real binary, in a real terminal, finds the company
// and opens its profile (issue 12).
func TestEndToEndANameTypedReachesTheCompany(t *testing.T) {
	t.Parallel()
	s := startTmux(t, 110, 30, cleanEnv(t), "--demo")
	s.waitFor("Company ›")
	s.keys("-l", "marzipan mountain")
	s.waitFor(`1 match for "marzipan mountain": ↑/↓ pick, Enter opens`, "MARZIPAN MOUNTAIN SOFTWARE LTD")
	s.keys("Down", "Enter")
	s.waitFor("MARZIPAN MOUNTAIN SOFTWARE LTD  00006400", "1 overview", "Incorporated on")
	s.keys("q")
	s.waitFor("coview exited with 0")
}

// A name typed and Enter give the results page; an officer on it opens
// their appointments, and back returns to the results.
func TestEndToEndANameTypedReachesAnOfficersAppointments(t *testing.T) {
	t.Parallel()
	s := startTmux(t, 110, 30, cleanEnv(t), "--demo")
	s.waitFor("Company ›")
	s.keys("-l", "hargreave")
	s.waitFor("Eleanor Mabel HARGREAVE")
	s.keys("Enter")
	s.waitFor(`Search "hargreave"`, "1 all", "2 companies", "3 officers", `1 match for "hargreave"`)
	s.keys("Enter")
	s.waitFor("HARGREAVE, Eleanor Mabel  officer", "3 appointments", "GRAND UNIFIED TEAPOT HOLDINGS PLC")
	s.keys("BSpace")
	s.waitFor(`Search "hargreave"`, `1 match for "hargreave"`)
	s.keys("q")
	s.waitFor("coview exited with 0")
}
