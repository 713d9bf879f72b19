package demo_test

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"coview/api/demo"
)

// today is the day the demo's due dates are chosen against: the countdowns
// are meant to be in the future for every active company but 00006407.
var today = time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)

type profile struct {
	CompanyNumber string `json:"company_number"`
	CompanyStatus string `json:"company_status"`
	Etag          string `json:"etag"`
	Accounts      *struct {
		NextAccounts *struct {
			DueOn   string `json:"due_on"`
			Overdue bool   `json:"overdue"`
		} `json:"next_accounts"`
	} `json:"accounts"`
	ConfirmationStatement *struct {
		NextDue string `json:"next_due"`
		Overdue bool   `json:"overdue"`
	} `json:"confirmation_statement"`
	Links map[string]string `json:"links"`
}

func readProfile(t *testing.T, number string) profile {
	t.Helper()
	var p profile
	if err := json.Unmarshal(fixture(t, number, "profile.json"), &p); err != nil {
		t.Fatalf("%s: %v", number, err)
	}
	return p
}

func TestProfilesIdentifyThemselves(t *testing.T) {
	for _, number := range demo.Numbers() {
		t.Run(number, func(t *testing.T) {
			p := readProfile(t, number)
			if p.CompanyNumber != number || p.Links["self"] != "/company/"+number || p.Etag == "" {
				t.Errorf("company_number %q, links.self %q, etag %q", p.CompanyNumber, p.Links["self"], p.Etag)
			}
		})
	}
}

func TestDueDates(t *testing.T) {
	for _, number := range demo.Numbers() {
		p := readProfile(t, number)
		if p.CompanyStatus != "active" {
			continue
		}
		overdue := number == "00006407"
		name := number + " has its due dates in the future"
		if overdue {
			name = number + " is overdue with both"
		}
		t.Run(name, func(t *testing.T) {
			type due struct {
				what, on string
				flag     bool
			}
			var dues []due
			if p.Accounts != nil && p.Accounts.NextAccounts != nil && p.Accounts.NextAccounts.DueOn != "" {
				dues = append(dues, due{"accounts", p.Accounts.NextAccounts.DueOn, p.Accounts.NextAccounts.Overdue})
			}
			if p.ConfirmationStatement != nil {
				dues = append(dues, due{"confirmation statement", p.ConfirmationStatement.NextDue, p.ConfirmationStatement.Overdue})
			}
			if overdue && len(dues) != 2 {
				t.Fatalf("%d due dates, want accounts and confirmation statement", len(dues))
			}
			for _, d := range dues {
				on, err := time.Parse(time.DateOnly, d.on)
				if err != nil {
					t.Fatalf("%s due %q: %v", d.what, d.on, err)
				}
				if on.Before(today) != overdue || d.flag != overdue {
					t.Errorf("%s due %s with overdue %v", d.what, d.on, d.flag)
				}
			}
		})
	}
}

func TestFilingsAreNewestFirstWithRealDates(t *testing.T) {
	for _, number := range demo.Numbers() {
		data, err := readFixture(number, "filing-history.json")
		if os.IsNotExist(err) {
			continue
		}
		t.Run(number, func(t *testing.T) {
			var list struct {
				Items []struct {
					Date       string `json:"date"`
					ActionDate string `json:"action_date"`
					Links      struct {
						DocumentMetadata string `json:"document_metadata"`
					} `json:"links"`
				} `json:"items"`
			}
			if err := json.Unmarshal(data, &list); err != nil {
				t.Fatal(err)
			}
			previous := today
			for i, f := range list.Items {
				on, err := time.Parse(time.DateOnly, f.Date)
				if err != nil {
					t.Fatalf("item %d: %v", i, err)
				}
				if on.After(previous) {
					t.Errorf("item %d of %s comes after one of %s", i, f.Date, previous.Format(time.DateOnly))
				}
				previous = on
				if f.ActionDate != "" {
					if _, err := time.Parse(time.DateOnly, f.ActionDate); err != nil {
						t.Errorf("item %d: action_date: %v", i, err)
					}
				}
				if d := f.Links.DocumentMetadata; d != "" && !strings.HasPrefix(d, documentAPI) {
					t.Errorf("item %d: document_metadata %q is not on the document API", i, d)
				}
			}
		})
	}
}

func TestTheLongListsAreLong(t *testing.T) {
	count := func(file string) int {
		var list struct {
			Items []json.RawMessage `json:"items"`
		}
		if err := json.Unmarshal(fixture(t, "00006401", file), &list); err != nil {
			t.Fatal(err)
		}
		return len(list.Items)
	}
	if n := count("filing-history.json"); n != 5000 {
		t.Errorf("00006401 has %d filings, want 5000", n)
	}
	if n := count("officers.json"); n < 120 {
		t.Errorf("00006401 has %d officers, want at least 120", n)
	}
}

func TestFixturesStaySmall(t *testing.T) {
	var total int64
	filepath.WalkDir("fixtures", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			info, _ := d.Info()
			total += info.Size()
		}
		return err
	})
	if total > 3<<20 {
		t.Errorf("the fixtures take %d bytes, over 3 MB", total)
	}
}
