package demo

import (
	"net/http"
	"sync"
	"time"
)

// Options tune a demo registry. The zero value behaves like the live
// service's published limits with no added delay.
type Options struct {
	Limit   int              // rate limit requests per window; 0 means 600
	Window  time.Duration    // 0 means 5*time.Minute
	Latency time.Duration    // added to every response (for benchmarks); 0 none
	Now     func() time.Time // nil means time.Now
	// DocumentURL, when set, is the document API the filings link to:
	// their links.document_metadata, which name the live document API
	// in the fixtures, are rewritten to it. Start sets it to the demo's
	// own.
	DocumentURL string
}

// handler is the demo registry. Everything it serves is read-only and loaded
// once, so only the rate limiter needs locking.
type handler struct {
	reg     *registry
	limiter *limiter
	latency time.Duration
	now     func() time.Time
	routes  *http.ServeMux
	// searchIndex is built on the first search (see search.go), firms
	// on the first search of companies by what they are (finding.go):
	// once a process, shared by every handler, as the registry is.
	searchIndex func() *searchIndex
	firms       func() *firms
	// documentLinks rewrites the document links in an item (see
	// Options.DocumentURL).
	documentLinks func([]byte) []byte
}

// The search index and the firms are made from the fixtures, the same
// for every handler, and only read once made: a process builds each once,
// on the first search that needs it, however many registries it serves.
var (
	sharedSearchIndex = sync.OnceValue(func() *searchIndex { return buildSearchIndex(fixtures()) })
	sharedFirms       = sync.OnceValue(func() *firms { return buildFirms(fixtures()) })
	sharedMonthlyCSV  = sync.OnceValue(func() []byte { return monthlyCSV(fixtures()) })
)

// NewHandler returns the demo registry: every request is authenticated with
// Key, counted against the rate limit and then answered from the embedded
// fixtures. Each call has its own rate-limit counters. It is safe for
// concurrent use.
func NewHandler(opts Options) http.Handler {
	h := &handler{
		reg:     fixtures(),
		limiter: newLimiter(opts.Limit, opts.Window),
		latency: opts.Latency,
		now:     opts.Now,
	}
	if h.now == nil {
		h.now = time.Now
	}
	h.searchIndex = sharedSearchIndex
	h.firms = sharedFirms
	h.documentLinks = rewriteDocumentLinks(opts.DocumentURL)

	// Methods are checked before routing, so the patterns carry none; that
	// lets every refusal share the registry's JSON error shapes rather than
	// ServeMux's plain-text ones.
	mux := http.NewServeMux()
	mux.HandleFunc("/company/{number}", h.profile)
	mux.HandleFunc("/company/{number}/officers", h.officers)
	mux.HandleFunc("/company/{number}/appointments/{id}", h.item("appointment-not-found"))
	mux.HandleFunc("/company/{number}/filing-history", h.filingHistory)
	mux.HandleFunc("/company/{number}/filing-history/{id}", h.item("filing-history-item-not-found"))
	mux.HandleFunc("/company/{number}/persons-with-significant-control-statements", h.pscStatements)
	mux.HandleFunc("/company/{number}/persons-with-significant-control-statements/{id}", h.item("psc-statement-not-found"))
	mux.HandleFunc("/company/{number}/persons-with-significant-control", h.pscs)
	mux.HandleFunc("/company/{number}/persons-with-significant-control/{kind}/{id}", h.item("psc-not-found"))
	mux.HandleFunc("/company/{number}/charges", h.charges)
	mux.HandleFunc("/company/{number}/charges/{id}", h.item("company-charge-not-found"))
	for resource := range documentNotFound() {
		mux.HandleFunc("/company/{number}/"+resource, h.document(resource))
	}
	mux.HandleFunc("/officers/{id}/appointments", h.appointments)
	mux.HandleFunc("/advanced-search/companies", h.advancedSearch)
	mux.HandleFunc("/alphabetical-search/companies", h.alphabeticalSearch)
	mux.HandleFunc("/dissolved-search/companies", h.dissolvedSearch)
	mux.HandleFunc("/search", h.search(searchAll))
	mux.HandleFunc("/search/companies", h.search(searchCompanies))
	mux.HandleFunc("/search/officers", h.search(searchOfficers))
	mux.HandleFunc("/search/disqualified-officers", h.search(searchDisqualified))
	mux.HandleFunc("/disqualified-officers/natural/{id}", h.disqualifiedOfficer)
	mux.HandleFunc("/disqualified-officers/corporate/{id}", h.disqualifiedOfficer)
	mux.HandleFunc("/company/{number}/registered-office-address", h.registeredOfficeAddress)
	h.routes = mux
	return h
}

// ServeHTTP answers in the order the live service does: the gateway
// authenticates and counts the request, then the service behind it looks
// the resource up.
func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !delay(r, h.latency) {
		return
	}

	hdr := w.Header()
	hdr.Set("Access-Control-Allow-Origin", "*")
	hdr.Set("Cache-Control", "no-store, no-cache, must-revalidate")
	hdr.Set("Pragma", "no-cache")

	now := h.now()
	// The registry's time by its own clock, which may be set to another
	// day: what a client compares the stream's published_at with.
	hdr.Set("Date", now.UTC().Format(http.TimeFormat))
	key, problem := authenticate(r)
	if problem != "" {
		// Failed requests cost nothing, but still report the quota, as
		// every live response does.
		h.limiter.peek(Key, now).setHeaders(hdr)
		writeAuthError(w, problem)
		return
	}
	q := h.limiter.take(key, now)
	q.setHeaders(hdr)
	if !q.allowed {
		writeFlatError(w, http.StatusTooManyRequests, "Too Many Requests")
		return
	}

	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		hdr.Set("Allow", "GET, HEAD")
		writeJSON(w, http.StatusMethodNotAllowed, serviceErrors{Errors: []serviceError{{Error: "invalid-http-method", Type: serviceErrorType}}})
		return
	}
	if _, pattern := h.routes.Handler(r); pattern == "" {
		writeNotFound(w, "not-found")
		return
	}
	h.routes.ServeHTTP(w, r)
}

// delay holds an answer back by d, as a distant service would; false when
// the request was given up meanwhile, and then there is nothing to answer.
func delay(r *http.Request, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
		return false
	}
}
