package screen

import (
	"context"
	"strings"
	"testing"

	"coview/api"
	"coview/api/demo"
)

// fileRegister is a register's file of a few companies, as a screening
// reads it.
type fileRegister map[api.Number]*api.Profile

func (f fileRegister) Company(_ context.Context, n api.Number) (*api.Profile, *ChargeFacts, error) {
	p, ok := f[n]
	if !ok {
		return nil, nil, ErrNotInRegister
	}
	return p, &ChargeFacts{Outstanding: 2, Known: true}, nil
}

func (f fileRegister) Named(_ context.Context, name string, n int) ([]Candidate, error) {
	var out []Candidate
	for num, p := range f {
		if shares, _ := sharesAWord(name, p.CompanyName); shares {
			out = append(out, Candidate{Number: num, Name: p.CompanyName, Status: p.CompanyStatus})
		}
	}
	return out, nil
}

func (fileRegister) Where() string { return "the register of 1 Nov 2026" }

func registerOf() fileRegister {
	return fileRegister{
		"00006400": {CompanyNumber: "00006400", CompanyName: "MARZIPAN MOUNTAIN SOFTWARE LTD", CompanyStatus: "active"},
		"00006407": {CompanyNumber: "00006407", CompanyName: "GRUMBLE & SONS PLUMBING LTD", CompanyStatus: "active"},
	}
}

func TestAScreeningWithTheRegistersFileReadsItFirstAtNoCost(t *testing.T) {
	for _, tc := range []struct {
		name     string
		offline  bool
		requests int    // the company the file does not hold, online
		missing  Result // what that company's row is
	}{
		{"online, a number the file does not hold is asked of the registry", false, 1, NotFound},
		{"offline, the registry is never asked", true, 0, NotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, m, _ := registry(t, demo.Options{})
			in := inputs("6400", "Grumble and Sons Plumbing Limited", "99999999", "Gooseberry Fool", "6400")
			rep := New(c).Screen(context.Background(), in, Options{Register: registerOf(), Offline: tc.offline, Budget: 1})
			checkOrder(t, rep, in)
			if m.requests() != tc.requests || rep.Requests != tc.requests {
				t.Errorf("%d requests (%d counted), want %d", m.requests(), rep.Requests, tc.requests)
			}
			want := []Result{OK, OK, tc.missing, Unresolved, OK}
			for i, row := range rep.Rows {
				if row.Result != want[i] {
					t.Errorf("row %d (%s): %s, %s; want %s", i, row.Input.Text, row.Result, row.Why, want[i])
				}
			}
			if ch := rep.Rows[0].Deep; ch == nil || ch.Charges == nil || ch.Charges.Outstanding != 2 {
				t.Errorf("the file's count of charges: %+v", rep.Rows[0].Deep)
			}
			if rep.Rows[1].Number != "00006407" {
				t.Errorf("the name matched %s", rep.Rows[1].Number)
			}
			if why := rep.Rows[3].Why; !strings.Contains(why, "the register of 1 Nov 2026") || !strings.Contains(why, "no dissolved companies") {
				t.Errorf("an unresolved name's why: %s", why)
			}
			if why := rep.Rows[2].Why; tc.offline && !strings.Contains(why, "no company on the register of 1 Nov 2026 has this number") {
				t.Errorf("offline, a number the file does not hold: %s", why)
			}
		})
	}
}

func TestADeepScreeningAsksTheRegistryWhateverTheFileHolds(t *testing.T) {
	c, m, _ := registry(t, demo.Options{})
	rep := New(c).Screen(context.Background(), inputs("6400"), Options{Register: registerOf(), Deep: true})
	if rep.Rows[0].Result != OK || m.requests() < 2 {
		t.Errorf("%s after %d requests", rep.Rows[0].Result, m.requests())
	}
	if rep.Rows[0].Profile.Links.Self == "" {
		t.Error("the profile is not the registry's")
	}
}
