package ui

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"coview/api"
)

// The fake registry the tests browse, and the companies, officers and
// filings they fill it with.

// fakeRegistry is a Registry in memory that counts what it is asked. With
// hold set, every request waits until its context is cancelled or hold is
// closed, so tests can act while a request is in flight.
type fakeRegistry struct {
	mu       sync.Mutex
	profiles map[string]*api.Profile
	officers map[string][]api.Officer
	filings  map[string][]api.FilingItem
	docs     map[string]string
	errs     map[string]error // by number or link
	calls    []string
	ctxs     []context.Context
	hold     chan struct{}
	key      string
	quota    api.RateLimit
	panicOn  string
}

func newFake() *fakeRegistry {
	return &fakeRegistry{
		profiles: map[string]*api.Profile{},
		officers: map[string][]api.Officer{},
		filings:  map[string][]api.FilingItem{},
		docs:     map[string]string{},
		errs:     map[string]error{},
	}
}

func (f *fakeRegistry) enter(ctx context.Context, call, subject string) error {
	f.mu.Lock()
	f.calls = append(f.calls, call)
	f.ctxs = append(f.ctxs, ctx)
	hold, err, boom := f.hold, f.errs[subject], f.panicOn == subject
	f.mu.Unlock()
	if hold != nil {
		select {
		case <-ctx.Done():
			return &api.Error{Kind: api.KindCanceled, Subject: subject, Err: ctx.Err()}
		case <-hold:
		}
	}
	if boom {
		panic("boom in " + subject)
	}
	return err
}

func (f *fakeRegistry) requests() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.calls...)
}

func (f *fakeRegistry) count() int { return len(f.requests()) }

// Fetch answers as the api client does, from what the fake holds, and
// notes each request in the words the tests match ("company 00000001",
// "officers /company/00000001/officers 100").
func (f *fakeRegistry) Fetch(ctx context.Context, res api.Resource, page api.Page) (*api.Answer, error) {
	var v any
	var raw []byte
	var err error
	switch res.Kind {
	case api.ResCompany:
		v, err = f.company(ctx, res.Number)
	case api.ResOfficers:
		v, err = f.officersPage(ctx, res.Link, page)
	case api.ResFilings:
		v, err = f.filingsPage(ctx, res.Link, page)
	case api.ResPSCStatements:
		if err = f.enter(ctx, "psc "+res.Link, res.Link); err == nil {
			v = &api.PSCStatements{ListInfo: api.ListInfo{Empty: "none"}}
		}
	case api.ResAppointments:
		if err = f.enter(ctx, "appointments "+res.Link, res.Link); err == nil {
			v = &api.Appointments{Name: "SOMEONE, Anyone"}
		}
	default:
		raw, err = f.get(ctx, res.Link)
	}
	if err != nil {
		return nil, err
	}
	if v != nil {
		// The body as a registry would have sent it, for the source view.
		raw, _ = json.Marshal(v)
	}
	return api.NewAnswer(res, raw, v), nil
}

func (f *fakeRegistry) company(ctx context.Context, number api.Number) (*api.Profile, error) {
	if err := f.enter(ctx, "company "+number.String(), number.String()); err != nil {
		return nil, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	p, ok := f.profiles[number.String()]
	if !ok {
		return nil, &api.Error{Kind: api.KindNotFound, Subject: "company " + number.String(), Status: 404}
	}
	return p, nil
}

func (f *fakeRegistry) officersPage(ctx context.Context, link string, page api.Page) (*api.Officers, error) {
	if err := f.enter(ctx, fmt.Sprintf("officers %s %d", link, page.StartIndex), link); err != nil {
		return nil, err
	}
	f.mu.Lock()
	all := f.officers[link]
	f.mu.Unlock()
	items := cutPage(all, page)
	total, active, resigned := len(all), 0, 0
	for _, o := range all {
		if o.ResignedOn == "" {
			active++
		} else {
			resigned++
		}
	}
	return &api.Officers{ListInfo: api.ListInfo{StartIndex: page.StartIndex}, Items: items,
		TotalResults: &total, ActiveCount: &active, ResignedCount: &resigned}, nil
}

func (f *fakeRegistry) filingsPage(ctx context.Context, link string, page api.Page) (*api.FilingHistory, error) {
	if err := f.enter(ctx, fmt.Sprintf("filings %s %d", link, page.StartIndex), link); err != nil {
		return nil, err
	}
	f.mu.Lock()
	all := f.filings[link]
	f.mu.Unlock()
	total := len(all)
	return &api.FilingHistory{Items: cutPage(all, page), TotalCount: &total}, nil
}

func (f *fakeRegistry) get(ctx context.Context, link string) ([]byte, error) {
	if err := api.CheckLink(link); err != nil {
		return nil, err
	}
	if err := f.enter(ctx, "get "+link, link); err != nil {
		return nil, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	body, ok := f.docs[link]
	if !ok {
		return nil, &api.Error{Kind: api.KindNotFound, Subject: link, Status: 404}
	}
	return []byte(body), nil
}

func (f *fakeRegistry) URLFor(link string) (string, error) {
	if err := api.CheckLink(link); err != nil {
		return "", err
	}
	return "https://registry.example" + link, nil
}

func (f *fakeRegistry) RateLimit() api.RateLimit {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.quota
}

func (f *fakeRegistry) SetWaitNotice(func(api.Wait)) {}

func (f *fakeRegistry) SetKey(key string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.key = key
}

func (f *fakeRegistry) setErr(subject string, err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err == nil {
		delete(f.errs, subject)
	} else {
		f.errs[subject] = err
	}
}

func cutPage[T any](all []T, p api.Page) []T {
	size := p.ItemsPerPage
	if size == 0 {
		size = 35
	}
	if p.StartIndex >= len(all) {
		return nil
	}
	return all[p.StartIndex:min(p.StartIndex+size, len(all))]
}

// profileJSON decodes a profile as the api client would.
func profileJSON(t testing.TB, number, body string) *api.Profile {
	t.Helper()
	p, err := api.DecodeProfile([]byte(body), api.Number(number))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// simpleProfile is a small company with every link the browser shows.
func simpleProfile(t testing.TB, number, name string) *api.Profile {
	body := fmt.Sprintf(`{"company_number":%q,"company_name":%q,"company_status":"active","type":"ltd",
		"date_of_creation":"2001-02-03","jurisdiction":"england-wales",
		"registered_office_address":{"address_line_1":"1 Test Street","locality":"Testville","postal_code":"TE1 1ST"},
		"links":{"self":"/company/%[1]s","officers":"/company/%[1]s/officers","filing_history":"/company/%[1]s/filing-history",
		"charges":"/company/%[1]s/charges","insolvency":"https://evil.example/steal"}}`, number, name)
	return profileJSON(t, number, body)
}

func makeOfficers(n int) []api.Officer {
	out := make([]api.Officer, n)
	for i := range out {
		out[i] = api.Officer{Name: fmt.Sprintf("PERSON %04d, Test", i), OfficerRole: "director", AppointedOn: "2020-01-01"}
		out[i].Links.Officer = &struct {
			Appointments string `json:"appointments"`
		}{Appointments: fmt.Sprintf("/officers/o%d/appointments", i)}
	}
	return out
}

func makeFilings(n int) []api.FilingItem {
	out := make([]api.FilingItem, n)
	for i := range out {
		out[i] = api.FilingItem{Date: "2026-01-02", Type: "CS01", Description: "confirmation-statement-with-no-updates",
			DescriptionValues: map[string]json.RawMessage{"made_up_date": json.RawMessage(`"2026-01-01"`)}}
	}
	return out
}
