package present

import (
	"strings"
	"testing"
)

// --plain prints every form of page as rows and words: a list under its
// column titles, one thing in titled sections, and what coview has no
// words for as JSON.
func TestWritePagePrintsEachFormOfPage(t *testing.T) {
	tests := []struct {
		name string
		page func(t *testing.T) *Page
		want string
	}{
		{"a list", func(t *testing.T) *Page { return demoPage(t, "/company/00006412/persons-with-significant-control") },
			`2 people with significant control: 1 active, 1 ceased

Name                              Kind          Notified    Ceased       Identity  Control
Gooseberry Fool Holdings Limited  Corporate     6 Apr 2016  —            —         owns 75–100% of shares; holds 75–100% of voting rights; can appoint or remove directors
Fictionshire County Council       Legal person  6 Apr 2016  31 Dec 2018  —         has significant influence or control
`},
		{"one thing in sections", func(t *testing.T) *Page {
			return demoPage(t, "/company/00006412/charges/8sc5UVOndX42VaxWuePznuRYwnd")
		}, `Charge
  Charge code  0000 6412 0003
  Number       3
  Status       Partly satisfied
  Description  A registered charge
  Created      14 Aug 2019
  Delivered    20 Aug 2019

Persons entitled
    The First Bank of Fictionshire PLC

Property charged
  Brief description  The refrigerated vehicles listed in the schedule to the charge.
  Terms              A fixed charge
                     A negative pledge: the company may not grant other security that ranks ahead of or equal to it

Filings
  20 Aug 2019  Charge registered
  2 May 2023   Satisfaction of the charge
`},
		{"a page about one thing with a summary", func(t *testing.T) *Page { return demoPage(t, "/company/00006403/insolvency") },
			`1 insolvency case · In liquidation

Case 1: Creditors' voluntary liquidation
  Wound up on   18 Jun 2026
  Practitioner  Barnaby Thistlewood
                Insolvency practitioner, appointed 18 Jun 2026
                9 Receivership Row, Ledgerton, ZZ3 9LQ, England
  Practitioner  Morwenna Gloam
                Insolvency practitioner, appointed 18 Jun 2026
                9 Receivership Row, Ledgerton, ZZ3 9LQ, England
  Practitioner  Ptolemy Ashgrove-Finch
                Proposed liquidator, appointed 29 May 2026, ceased to act 18 Jun 2026
                Second Floor, 88 Ledger Lane, Ledgerton, ZZ3 2PF, England
`},
		{"what coview has no words for", func(t *testing.T) *Page {
			return servedPage(t, "/company/00000001/a-resource-from-next-year", `{"kind":"new","links":{"self":"/company/00000001/a-resource-from-next-year"}}`)
		}, `{
  "kind": "new",
  "links": {
    "self": "/company/00000001/a-resource-from-next-year"
  }
}
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := plain(tt.page(t)); got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

func TestAnEmptyListSaysWhyOnce(t *testing.T) {
	for _, pg := range []*Page{
		{Summary: "No charges are registered against this company.", Empty: "No charges are registered against this company.", Columns: []Column{{Title: "Created"}}},
		{Summary: "0 officers", Empty: "No officers are listed for this company.", Columns: []Column{{Title: "Name"}}},
	} {
		var b strings.Builder
		WritePage(&b, pg, true)
		if n := strings.Count(b.String(), pg.Empty); n != 1 {
			t.Fatalf("%q says why %d times:\n%s", pg.Empty, n, b.String())
		}
	}
}
