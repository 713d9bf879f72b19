package demo_test

import (
	"context"
	"testing"
	"time"

	"coview/api"
	"coview/api/demo"
)

// 00006420 files every 3 minutes, and its history stays one a person can
// read: the day of its newest filing, then a tea room's years before it
// (a confirmation statement and accounts a year since its incorporation),
// however long the clock has run; its previous names are a chain, each
// ending where the next began, not one name flipping.
func TestTheFilersHistoryStaysPlausibleAndBounded(t *testing.T) {
	t.Parallel()
	at := time.Date(2027, 3, 15, 18, 30, 0, 0, time.UTC) // 14 months of beats
	s := readLiving(t, livingClient(t, newLivingClock(at)), demo.LivingFirst)
	today := at.Format(time.DateOnly)
	const beatsADay, yearsBefore = 24 * 60 / 3, 8
	if total := s.filings.Total(); total > beatsADay+2*yearsBefore+1 {
		t.Fatalf("%d filings: want at most a day's beats and two a year before", total)
	}
	all := readAllFilings(t, livingClient(t, newLivingClock(at)), s.profile.Links.FilingHistory, s.filings.Total())
	days := 0
	for days < len(all) && all[days].Date == today {
		days++
	}
	before := all[days:]
	if days == 0 || len(before) > 2*yearsBefore+1 || before[len(before)-1].Category != "incorporation" {
		t.Fatalf("%d filings today, then %d before (the last %+v)", days, len(before), before[len(before)-1])
	}
	perYear := map[string]int{}
	for _, f := range before {
		perYear[f.Date[:4]]++
	}
	for y, n := range perYear {
		if n > 2 {
			t.Errorf("%d filings in %s before today: a year of a tea room has two", n, y)
		}
	}

	prev := s.profile.PreviousCompanyNames
	if len(prev) == 0 || len(prev) > 3 || prev[0].Name == s.profile.CompanyName {
		t.Fatalf("previous names %+v of %s", prev, s.profile.CompanyName)
	}
	for i := 0; i+1 < len(prev); i++ {
		if prev[i].EffectiveFrom != prev[i+1].CeasedOn || prev[i].Name == prev[i+1].Name {
			t.Errorf("previous names are no chain: %+v then %+v", prev[i], prev[i+1])
		}
	}
}

// readAllFilings reads every page of a filing history.
func readAllFilings(t *testing.T, c *api.Client, link string, total int) []api.FilingItem {
	t.Helper()
	var all []api.FilingItem
	for len(all) < total {
		p, err := c.FilingHistory(context.Background(), link, api.Page{StartIndex: len(all), ItemsPerPage: 100})
		if err != nil || len(p.Items) == 0 {
			t.Fatalf("the page from %d: %v", len(all), err)
		}
		all = append(all, p.Items...)
	}
	return all
}
