// Package screen screens a list of companies, as it comes from a
// clipboard or a spreadsheet column: each entry a company number in any
// pasted form or a name, found by name search only when the match is
// exact. Every entry gets one row, in the order given, with what the
// registry says of it, or why it has none (not found, not a number or a
// name, no exact match, not screened for want of budget, quota or an
// answer). It knows nothing of terminals; present puts rows into words.
package screen

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
	"unicode/utf8"

	"coview/accounts"
	"coview/api"
	"coview/fanout"
)

// Result is what became of one input.
type Result string

// The results. Every one but NotScreened is an answer: a company number
// the registry does not know is as much an answer as one it does.
const (
	OK          Result = "ok"           // the company was found and read
	NotFound    Result = "not_found"    // no company has the number
	Invalid     Result = "invalid"      // neither a number nor a name: Why says what is wrong
	Unresolved  Result = "unresolved"   // a name no company has exactly, or several do: Candidates
	NotScreened Result = "not_screened" // the budget, the quota or a failure left it unread: Why, Err
)

// Results are the results in the order a table sorts them: answers
// first, the rows that need another look last.
var Results = []Result{OK, NotFound, Unresolved, Invalid, NotScreened}

// Candidate is a company an unresolved input may mean.
type Candidate struct {
	Number api.Number
	Name   string // as the registry sent it: network text
	Status string // company_status
}

// Row is the answer for one input.
type Row struct {
	Index  int // the input's position in the list
	Input  Input
	Query  Query
	Result Result
	// Why says why a row is not OK, in words (it may quote the registry:
	// sanitise before printing); "" for OK.
	Why string
	// Number is the company the row is about: asked for, or found by
	// name; "" when there is none.
	Number api.Number
	// Profile is the company's profile: set for OK rows, and for rows not
	// screened only because a deep read failed.
	Profile *api.Profile
	// Deep is what a deep screening read, for the rows with a Profile.
	Deep *Deep
	// Candidates are the companies an unresolved name may mean, best
	// first: at most MaxCandidates.
	Candidates []Candidate
	// Err is the failure behind a NotScreened row: ErrBudget, an
	// *api.Error (errors.Is(err, api.ErrInvalidKey)), ErrStopped.
	Err error
}

// Entry is the entry as its row quotes it: as given, unless it could not
// be read or is longer than any company name; then, as every message
// quotes what it could not read, its first api.QuoteRunes characters and
// an ellipsis. A huge line, or a binary file's, never fills a row.
func (r Row) Entry() string {
	in := r.Input
	if !in.Cut && r.Result != Invalid && utf8.RuneCountInString(in.Text) <= maxNameRunes {
		return in.Text
	}
	quoted := firstRunes(in.Text, api.QuoteRunes)
	if in.Cut || quoted != in.Text {
		quoted += "…"
	}
	return quoted
}

// MaxCandidates is how many companies an unresolved row names.
const MaxCandidates = 3

// DefaultBudget is the most requests one screening sends unless told
// otherwise: enough for 1,000 numbers, or 500 names and the companies
// they find, without --deep. Pacing keeps it within the quota, so a list
// that needs more than a window's quota waits for the next window.
const DefaultBudget = 2000

// inFlight is how many requests a screening keeps in flight: a few, as
// with lookups of many numbers; the client paces them to the quota.
const inFlight = 4

// searchPageSize is how many matches a name search reads: the exact
// match, or all the companies registered under the same name, are among
// the first few of the registry's answer.
const searchPageSize = 50

// ErrBudget is the failure of a row the budget did not allow to be read.
var ErrBudget = fanout.ErrBudget

// ErrStopped is the failure of a row not read because the screening was
// cancelled.
var ErrStopped = errors.New("the screening was stopped")

// Registry is what a Screener asks: an *api.Client, whose pacing keeps a
// screening within the registry's quota.
type Registry interface {
	Fetch(ctx context.Context, res api.Resource, page api.Page) (*api.Answer, error)
}

// Options shape a screening.
type Options struct {
	// Deep reads, for every company found, its charges, insolvency
	// cases, PSC statements and officers, and with a document API the
	// figures of its latest accounts (DeepRequests more a company).
	Deep bool
	// Budget is the most requests this screening may send; answers the
	// Screener already has cost none. 0 is DefaultBudget; less than 0
	// sends none.
	Budget int
	// Today is the day "the last twelve months" end on; zero is now.
	Today time.Time
	// OnRow, when set, is handed each row as soon as it is final, in the
	// order they become final (rows that need no request first), so that
	// a table can fill in as answers arrive. OnProgress, when set, is
	// handed the progress once before the first request and after each
	// row. Both are called one call at a time, on the screening's
	// goroutines: they must return quickly (send the row on).
	OnRow      func(Row)
	OnProgress func(Progress)
	// Register, when set, is read before the registry (not with Deep,
	// whose reads it cannot answer). Offline, the registry is not asked
	// at all: a number the register does not hold is not found.
	Register Register
	Offline  bool
}

// Progress is how far a screening has got.
type Progress struct {
	Rows     int // inputs in the list
	Done     int // rows final
	Requests int // requests sent so far
	Budget   int
	Counts   map[Result]int // final rows by result (a copy)
}

// Report is a finished screening: every input's row, in input order.
type Report struct {
	Rows     []Row
	Requests int // requests this screening sent
	Budget   int
}

// Count is how many rows have the result.
func (r *Report) Count(res Result) int {
	n := 0
	for _, row := range r.Rows {
		if row.Result == res {
			n++
		}
	}
	return n
}

// Pending are the rows of inputs before any is answered: each input in
// its place, with no result yet, for a table that fills in as OnRow hands
// it the answers.
func Pending(inputs []Input) []Row {
	rows := make([]Row, len(inputs))
	for i, in := range inputs {
		rows[i] = Row{Index: i, Input: in}
	}
	return rows
}

// Screener screens lists over one registry and remembers every answer it
// got for its whole life: a browser holds one for its session, so that
// screening a list again, or a longer list with the same companies, costs
// nothing for what it has read. It is safe for concurrent use.
type Screener struct {
	reg      Registry
	accounts *accounts.Reader // nil: no document API, no figures

	mu      sync.Mutex
	answers map[string]*entry
	sent    int
}

// entry is one answer of the session: being fetched until done is
// closed, then answer or err.
type entry struct {
	done   chan struct{}
	answer *api.Answer
	err    error
}

// New starts a session's screener over reg.
func New(reg Registry) *Screener {
	return &Screener{reg: reg, answers: map[string]*entry{}}
}

// WithDocuments has a deep screening read the figures of each company's
// latest accounts through docs, the document API (a company's accounts
// read once for the screener's life, as its other answers are).
func (s *Screener) WithDocuments(docs accounts.Documents) *Screener {
	if docs != nil {
		s.accounts = accounts.NewReader(s.reg, docs)
	}
	return s
}

// Requests is how many requests the screener has sent in its life.
func (s *Screener) Requests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sent
}

// get is the answer for res at page: the session's, or, when there is
// none yet and allow lets a request be sent (it may refuse with an
// error), the registry's. An answer being fetched for another row is
// waited for. Errors are not kept: a later screening asks again.
func (s *Screener) get(ctx context.Context, res api.Resource, page api.Page, allow func() error) (*api.Answer, error) {
	key := fmt.Sprintf("%s#%d+%d", res.Link, page.StartIndex, page.ItemsPerPage)
	for {
		s.mu.Lock()
		e, ok := s.answers[key]
		if !ok {
			break // s.mu held
		}
		s.mu.Unlock()
		select {
		case <-e.done:
		case <-ctx.Done():
			return nil, ErrStopped
		}
		if e.err == nil {
			return e.answer, nil
		}
		// That request failed and was forgotten; ask again, if allowed.
	}
	if err := allow(); err != nil {
		s.mu.Unlock()
		return nil, err
	}
	e := &entry{done: make(chan struct{})}
	s.answers[key] = e
	s.sent++
	s.mu.Unlock()

	a, err := s.reg.Fetch(ctx, res, page)

	s.mu.Lock()
	e.answer, e.err = a, err
	if err != nil {
		delete(s.answers, key)
	}
	close(e.done)
	s.mu.Unlock()
	return a, err
}

// Screen screens the inputs: one row each, in their order, never one
// left out. Inputs that ask for the same company or the same name (in
// any of the forms Read and the name matching allow) are asked for once.
// Requests go a few at a time, paced by the registry client within its
// quota, and no more than the budget: rows the budget, a refused key, a
// quota the registry still refuses after waiting, a failure or the end
// of ctx leave unread are NotScreened, with why. Cancelling ctx ends the
// screening soon; the report is returned as usual.
func (s *Screener) Screen(ctx context.Context, inputs []Input, opts Options) *Report {
	budget := opts.Budget
	switch {
	case budget == 0:
		budget = DefaultBudget
	case budget < 0:
		budget = 0
	}
	today := opts.Today
	if today.IsZero() {
		today = time.Now()
	}
	r := &run{s: s, ctx: ctx, opts: opts, budget: budget, today: today, fan: fanout.New(ctx, inFlight, budget),
		rows: len(inputs), counts: map[Result]int{}}

	rows := Pending(inputs)
	groups := map[string][]int{}
	var order []string
	for i, in := range inputs {
		if in.Invalid != "" {
			rows[i].Result, rows[i].Why = Invalid, in.Invalid
			continue
		}
		q := Read(in.Text)
		rows[i].Query = q
		if q.Kind == Unreadable {
			rows[i].Result, rows[i].Why = Invalid, q.Why
			continue
		}
		k := q.key()
		if _, seen := groups[k]; !seen {
			order = append(order, k)
		}
		groups[k] = append(groups[k], i)
	}
	r.progress()
	for i := range rows {
		if rows[i].Result == Invalid {
			r.emit(rows[i])
		}
	}

	for _, k := range order {
		group := groups[k]
		read := func() {
			out := r.lookup(rows[group[0]].Query)
			for _, i := range group {
				out.applyTo(&rows[i])
				r.emit(rows[i])
			}
		}
		if !r.fan.Go(read) {
			read() // the screening has stopped: the rows say why
		}
	}
	r.fan.Wait()
	requests, _ := r.fan.Spent()
	return &Report{Rows: rows, Requests: requests, Budget: budget}
}

// run is one screening under way.
type run struct {
	s      *Screener
	ctx    context.Context
	opts   Options
	budget int
	today  time.Time
	fan    *fanout.Run // the rows read at once, the budget, a failure that stops them all

	// Told under fan.Tell, one row or progress at a time:
	rows   int
	done   int
	counts map[Result]int
}

// allow spends a request of the budget, unless the screening has halted,
// ended or spent its budget.
func (r *run) allow() error {
	err := r.fan.Spend()
	if errors.Is(err, api.ErrCanceled) && r.ctx.Err() != nil {
		return ErrStopped
	}
	return err
}

// gate sends a request of the accounts reader within this screening's
// budget, counted as the screener's, and halts the screening on a
// failure every later request would meet.
func (r *run) gate(_ context.Context, send func() error) error {
	if err := r.allow(); err != nil {
		return err
	}
	r.s.mu.Lock()
	r.s.sent++
	r.s.mu.Unlock()
	return r.fan.Note(send())
}

// get asks the screener for an answer within this screening's budget,
// and halts the screening on a failure every later request would meet.
func (r *run) get(res api.Resource, page api.Page) (*api.Answer, error) {
	if r.opts.Offline {
		return nil, errOffline
	}
	a, err := r.s.get(r.ctx, res, page, r.allow)
	return a, r.fan.Note(err)
}

// emit hands a final row on, with the progress it makes.
func (r *run) emit(row Row) {
	r.fan.Tell(func() {
		r.done++
		r.counts[row.Result]++
		if r.opts.OnRow != nil {
			r.opts.OnRow(row)
		}
		r.progressTold()
	})
}

func (r *run) progress() { r.fan.Tell(r.progressTold) }

// progressTold hands the progress on; it runs under fan.Tell.
func (r *run) progressTold() {
	if r.opts.OnProgress == nil {
		return
	}
	counts := make(map[Result]int, len(r.counts))
	for k, v := range r.counts {
		counts[k] = v
	}
	requests, _ := r.fan.Spent()
	r.opts.OnProgress(Progress{Rows: r.rows, Done: r.done, Requests: requests, Budget: r.budget, Counts: counts})
}
