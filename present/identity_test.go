package present

import (
	"strings"
	"testing"
	"time"

	"coview/api"
)

// rowsText is a page's rows in one section as "Label: value", with "!"
// before a warning and "+" before good news.
func rowsText(pg *Page, section string) []string {
	var out []string
	for _, s := range pg.Sections {
		if s.Title != section {
			continue
		}
		for _, r := range s.Rows {
			mark := ""
			switch r.Tone {
			case Warning:
				mark = "! "
			case Good:
				mark = "+ "
			}
			out = append(out, r.Label+": "+mark+r.Value)
		}
	}
	return out
}

func TestAnOfficersPageSaysWhetherTheyHaveVerifiedTheirIdentity(t *testing.T) {
	tests := []struct {
		name, link string
		want       []string
	}{
		{"verified through a service provider, with a preferred name", "/company/00006400/appointments/5bzV9OiQiXJxou87JSZhHnrK-fy", []string{
			"Identity: + identity verified on 2 Oct 2025",
			"For this role: verified from 18 Nov 2025",
			"Verified by: INKWELL & SPROCKET ACSP LLP, an authorised corporate service provider",
			"Supervised by: Association of Chartered Certified Accountants (ACCA)",
			"Preferred name: Nell Hargreave",
		}},
		{"a statement still to come", "/company/00006400/appointments/QzGyWRag1vxZmTAoPFGM2Cxgews", []string{
			"Identity: verification statement due 14 Dec 2026 (in 21 days)",
		}},
		{"a statement past its day, as a warning", "/company/00006407/appointments/J-xmpef_Ygl2j5Jsv4OEYBWiM4b", []string{
			"Identity: ! verification statement overdue by 282 days: it was due 14 Feb 2026",
		}},
	}
	c := demoRegistry(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, pg := follow(t, c, tt.link)
			var got []string
			for _, r := range rowsText(pg, "Appointment") {
				for _, w := range tt.want {
					if strings.SplitN(w, ":", 2)[0] == strings.SplitN(r, ":", 2)[0] {
						got = append(got, r)
						break
					}
				}
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestTheOfficerListHasAnIdentityColumn(t *testing.T) {
	_, pg := follow(t, demoRegistry(t), "/company/00006400/officers")
	if last := pg.Columns[len(pg.Columns)-1]; last.Title != "Identity" {
		t.Fatalf("columns %+v", pg.Columns)
	}
	cells := map[string]string{}
	accents := map[string]AccentKind{}
	for _, it := range pg.Items {
		cells[it.Cells[0]] = it.Cells[4]
		for _, a := range it.Accents {
			accents[it.Cells[0]] = a.Kind
		}
	}
	if cells["HARGREAVE, Eleanor Mabel"] != "verified 2 Oct 2025" || accents["HARGREAVE, Eleanor Mabel"] != Verified {
		t.Errorf("Hargreave: %q, accent %v", cells["HARGREAVE, Eleanor Mabel"], accents["HARGREAVE, Eleanor Mabel"])
	}
	if cells["ABERNATHY-QUAYLE, Rosalind Jane"] != "due in 21 days" || accents["ABERNATHY-QUAYLE, Rosalind Jane"] != 0 {
		t.Errorf("Abernathy-Quayle: %q", cells["ABERNATHY-QUAYLE, Rosalind Jane"])
	}
	if cells["PEMBERTHY, Isolde Grace"] != "" {
		t.Errorf("someone the registry says nothing of reads %q", cells["PEMBERTHY, Isolde Grace"])
	}
}

func TestAPSCsPageSaysWhenTheirStatementIsDue(t *testing.T) {
	_, pg := follow(t, demoRegistry(t), "/company/00006411/persons-with-significant-control/individual/BRnX67cMksF-wTdB04ZfM31YWjI")
	got := strings.Join(rowsText(pg, "Person with significant control"), "\n")
	for _, want := range []string{"Identity: + identity verified on 20 Feb 2026", "Statement: from 1 Mar 2026, due 14 Mar 2026"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in:\n%s", want, got)
		}
	}
}

// Overdue is decided by the day: due today is not yet overdue; a
// verification done is never overdue, whatever the due date.
func TestAStatementIsOverdueOnlyAfterItsDay(t *testing.T) {
	due := &api.IdentityVerification{AppointmentVerificationStatementDueOn: "2026-02-14"}
	verified := &api.IdentityVerification{AppointmentVerificationStatementDueOn: "2026-02-14", AppointmentVerificationStartOn: "2026-01-01"}
	tests := []struct {
		name string
		v    *api.IdentityVerification
		now  time.Time
		cell string
		kind AccentKind
	}{
		{"the day before", due, time.Date(2026, 2, 13, 23, 0, 0, 0, time.UTC), "due tomorrow", 0},
		{"on the day", due, time.Date(2026, 2, 14, 23, 0, 0, 0, time.UTC), "due today", 0},
		{"the day after", due, time.Date(2026, 2, 15, 0, 1, 0, 0, time.UTC), "overdue by 1 day", Overdue},
		{"verified for the role, long after", verified, time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC), "verified", Verified},
		{"nothing said", nil, time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC), "", 0},
		{"a due date that is not a date", &api.IdentityVerification{AppointmentVerificationStatementDueOn: "soon"}, time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC), "due soon", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			cell, kind := identityCell(tt.v, tt.now)
			if cell != tt.cell || kind != tt.kind {
				t.Errorf("%q %v, want %q %v", cell, kind, tt.cell, tt.kind)
			}
		})
	}
}

// A PSC's page gives each nature of control as the statute words it, in
// the registry's words, below coview's short ones.
func TestAPSCsControlIsAlsoInTheRegistrysWords(t *testing.T) {
	_, pg := follow(t, demoRegistry(t), "/company/00006411/persons-with-significant-control/individual/BRnX67cMksF-wTdB04ZfM31YWjI")
	got := strings.Join(rowsText(pg, "Control, in the registry's words"), "\n")
	want := ": The person holds, directly or indirectly, more than 50% but not more than 75% of the shares in the company."
	if !strings.HasPrefix(got, want) || strings.Count(got, "\n") != 2 {
		t.Errorf("got:\n%s\nwant three sentences, the first %q", got, want)
	}
}

// The statement's due date is counted down while it is to come; once
// passed, a verified person's is only dated (the registry does not say
// whether the statement was made), an unverified one's is overdue.
func TestAStatementsDueDateIsCountedDown(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		v    *api.IdentityVerification
		want string
	}{
		{"verified, the statement to come", &api.IdentityVerification{IdentityVerifiedOn: "2026-11-01", AppointmentVerificationStatementDueOn: "2026-11-30"},
			"Identity: + identity verified on 1 Nov 2026\nStatement: due 30 Nov 2026 (in 7 days)"},
		{"verified, the statement's day passed", &api.IdentityVerification{IdentityVerifiedOn: "2026-11-01", AppointmentVerificationStatementDate: "2026-11-01", AppointmentVerificationStatementDueOn: "2026-11-15"},
			"Identity: + identity verified on 1 Nov 2026\nStatement: from 1 Nov 2026, due 15 Nov 2026"},
		{"not verified, due tomorrow", &api.IdentityVerification{AppointmentVerificationStatementDueOn: "2026-11-24"},
			"Identity: verification statement due 24 Nov 2026 (tomorrow)"},
		{"not verified, a week late", &api.IdentityVerification{AppointmentVerificationStatementDueOn: "2026-11-16"},
			"Identity: ! verification statement overdue by 7 days: it was due 16 Nov 2026"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := strings.Join(rowsText(&Page{Sections: []Section{{Title: "x", Rows: identityRows(tt.v, now)}}}, "x"), "\n")
			if got != tt.want {
				t.Errorf("rows:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}
