package ui

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"coview/api"
	"coview/api/demo"
	"coview/present"
)

// today is the date every test browses on, so countdowns and goldens stay
// put.
var today = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)

func pinnedNow() time.Time { return today }

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

// testModel is the browser on a fake registry, pinned to today, with
// timers that the test fires itself.
func testModel(t testing.TB, reg Registry, opts Options) *model {
	t.Helper()
	opts.Registry = reg
	if opts.Now == nil {
		opts.Now = pinnedNow
	}
	if opts.StateDir == "" {
		opts.StateDir = t.TempDir()
	}
	m := newModel(context.Background(), opts)
	m.after = func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
		return func() tea.Msg { return timerMsg{d, fn(today)} }
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	return m
}

// timerMsg is a timer the test may fire by sending msg.
type timerMsg struct {
	after time.Duration
	msg   tea.Msg
}

// run executes a Cmd as the program would, feeding every message back into
// Update until nothing is left to do, and returns the messages that were
// not fed back: timers, clipboard writes, quitting.
func run(t testing.TB, m *model, cmd tea.Cmd) []tea.Msg {
	t.Helper()
	var kept []tea.Msg
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 1000 {
			t.Fatal("run: the model keeps asking for more")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := execute(t, c)
		switch msg := msg.(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case spinner.TickMsg:
			// The spinner's frames are not part of any test.
		case timerMsg, tea.QuitMsg:
			kept = append(kept, msg)
		case fetchedMsg, suggestedMsg, walkMsg, sameAsMsg, downloadMsg, openedMsg, keySavedMsg, recentLoadedMsg, recentSavedMsg, crashMsg:
			_, next := m.Update(msg)
			queue = append(queue, next)
		default:
			kept = append(kept, msg)
		}
	}
	return kept
}

// collect executes a Cmd and its batches without touching the model, for
// Cmds run on another goroutine; the messages are fed in afterwards.
func collect(t testing.TB, cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := execute(t, cmd)
	if batch, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Msg
		for _, c := range batch {
			out = append(out, collect(t, c)...)
		}
		return out
	}
	if _, tick := msg.(spinner.TickMsg); tick || msg == nil {
		return nil
	}
	return []tea.Msg{msg}
}

func execute(t testing.TB, c tea.Cmd) tea.Msg {
	t.Helper()
	done := make(chan tea.Msg, 1)
	go func() { done <- c() }()
	select {
	case msg := <-done:
		return msg
	case <-time.After(5 * time.Second):
		// Errorf, not Fatal: this may run on a goroutine of its own.
		t.Errorf("a Cmd did not return within 5s")
		return nil
	}
}

// send is Update then run. After every message it checks that the window
// the cursor moves in is the one drawn.
func send(t testing.TB, m *model, msg tea.Msg) []tea.Msg {
	t.Helper()
	_, cmd := m.Update(msg)
	out := run(t, m, cmd)
	if m.keys == nil {
		if f := m.frame(); f.body != m.bodyHeight() {
			t.Fatalf("layout counts %d rows for the page but draws %d", m.bodyHeight(), f.body)
		}
	}
	return out
}

func press(t testing.TB, m *model, keys ...string) []tea.Msg {
	t.Helper()
	var out []tea.Msg
	for _, k := range keys {
		out = append(out, send(t, m, keyMsg(k))...)
	}
	return out
}

// keyMsg builds the key press String() would name k.
func keyMsg(k string) tea.KeyPressMsg {
	switch k {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "shift+tab":
		return tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "alt+left":
		return tea.KeyPressMsg{Code: tea.KeyLeft, Mod: tea.ModAlt}
	case "alt+right":
		return tea.KeyPressMsg{Code: tea.KeyRight, Mod: tea.ModAlt}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "pgup":
		return tea.KeyPressMsg{Code: tea.KeyPgUp}
	case "home":
		return tea.KeyPressMsg{Code: tea.KeyHome}
	case "end":
		return tea.KeyPressMsg{Code: tea.KeyEnd}
	case "ctrl+c":
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	}
	r := []rune(k)
	if len(r) != 1 {
		panic("keyMsg: unknown key " + k)
	}
	return tea.KeyPressMsg{Code: r[0], Text: k}
}

func typeText(t testing.TB, m *model, s string) {
	t.Helper()
	for _, r := range s {
		send(t, m, tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// screen is what the user sees, without styling.
func screen(m tea.Model) string {
	return ansi.Strip(m.View().Content)
}

// demoRegistry is an api client on the demo registry over loopback.
func demoRegistry(t testing.TB) *api.Client {
	t.Helper()
	srv := httptest.NewServer(demo.NewHandler(demo.Options{}))
	t.Cleanup(srv.Close)
	c, err := api.New(api.Options{BaseURL: srv.URL, Key: demo.Key})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func mustContain(t testing.TB, s string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(s, w) {
			t.Fatalf("screen does not show %q:\n%s", w, s)
		}
	}
}

func mustNotContain(t testing.TB, s string, nots ...string) {
	t.Helper()
	for _, w := range nots {
		if strings.Contains(s, w) {
			t.Fatalf("screen shows %q:\n%s", w, s)
		}
	}
}

func writeFile(path, content string) error { return os.WriteFile(path, []byte(content), 0o600) }

func splitLines(s string) []string { return strings.Split(s, "\n") }

func lines(s string) int { return len(splitLines(s)) }

func width(s string) int { return ansi.StringWidth(s) }

func readAll(t testing.TB, r io.Reader) []byte {
	t.Helper()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// allRows are every row of a list loaded, shown or not.
func allRows(l *listPage) []present.Item {
	out := make([]present.Item, 0, l.count)
	for i := range l.count {
		out = append(out, l.at(i))
	}
	return out
}
