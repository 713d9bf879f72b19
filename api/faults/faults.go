// Package faults is a registry that misbehaves on demand, for tests.
//
// A Server answers the way the registry does when all is well (a profile
// for /company/{number}, an empty list anywhere else), but each request can
// be told to fail in one of the ways the live service, a gateway in front of
// it or the network in between are known to fail: too slowly, half way,
// with a reset, with a body far too large, with 5xx pages in JSON, HTML or
// nothing, with 429s with and without reset headers, with a redirect to
// another host, or with a body that is JSON but not the shape expected.
//
// Script queues faults for the next requests, one each; once the queue is
// empty requests get the Thereafter fault (OK unless set). Every request is
// recorded with its headers, so a test can assert how often the client
// tried and what it sent. Elsewhere is a second server on another origin,
// for asserting that nothing, and in particular no key, reached "another
// host".
//
// Keep-alives are off: each request is its own connection, so the
// transport's silent retry of a request on a reused connection never blurs
// the counts.
//
// This is test support: only _test.go files may import it (a test in this
// package checks that).
package faults

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Fault is what the server does with one request.
type Fault int

// The faults. The 5xx ones come in the three body shapes the registry and
// its gateways send: the registry's JSON, a gateway's HTML page, nothing.
const (
	OK               Fault = iota // 200 and a profile for the number asked for
	Slow                          // no answer until Server.Delay has passed (or the client gives up)
	HangAfterHeaders              // 200 headers and the start of a body, then nothing
	Reset                         // the connection is reset without an answer
	Truncated                     // a body cut off half way, shorter than its Content-Length
	Huge                          // a well-formed profile of Server.HugeSize bytes (100 MB), made as it is sent

	Status500JSON  // 500 with the registry's {"exception_id", "error"} body
	Status500HTML  // 500 with an HTML error page
	Status500Empty // 500 with no body
	Status502JSON  // 502 with {"error": "Bad Gateway"}
	Status502HTML  // 502 with a gateway's HTML page
	Status502Empty // 502 with no body
	Status503JSON  // 503 with {"error": "Service Unavailable"}
	Status503HTML  // 503 with a maintenance HTML page
	Status503Empty // 503 with no body
	Status504JSON  // 504 with {"error": "Gateway Timeout"}
	Status504HTML  // 504 with a gateway's HTML page
	Status504Empty // 504 with no body

	Unauthorized // 401 {"error": "Invalid Authorization"} ("Empty Authorization header" if none was sent)
	Forbidden    // 403, as for a key restricted to other IP addresses
	NotFound     // 404 {"errors": [{"error": "company-profile-not-found"}]}

	TooManyWithRetryAfter  // 429 with Retry-After: Server.ResetIn in whole seconds
	TooManyWithResetHeader // 429 with X-Ratelimit-* headers, Remain 0, resetting Server.ResetIn from now
	TooManyBare            // 429 with no headers and no body, as the live service is said to send

	RedirectElsewhere // 302 to the same path on Elsewhere
	InvalidUTF8       // a profile whose name and address hold bytes that are not UTF-8
	WrongTypes        // a profile whose every member but company_number and company_name has the wrong JSON type
	DeepNesting       // a profile with Server.Depth nested arrays in it (default 100 000)
	OtherCompany      // a well-formed profile of OtherNumber, whatever was asked for
	HostileLinks      // a profile whose links point at Elsewhere in every way a link can (see HostileLinkValues)
	SamePage          // one page of PageItems companies (a search's items), whatever page is asked, counting PageCount

	numFaults
)

var names = [...]string{
	OK: "OK", Slow: "Slow", HangAfterHeaders: "HangAfterHeaders", Reset: "Reset", Truncated: "Truncated", Huge: "Huge",
	Status500JSON: "Status500JSON", Status500HTML: "Status500HTML", Status500Empty: "Status500Empty",
	Status502JSON: "Status502JSON", Status502HTML: "Status502HTML", Status502Empty: "Status502Empty",
	Status503JSON: "Status503JSON", Status503HTML: "Status503HTML", Status503Empty: "Status503Empty",
	Status504JSON: "Status504JSON", Status504HTML: "Status504HTML", Status504Empty: "Status504Empty",
	Unauthorized: "Unauthorized", Forbidden: "Forbidden", NotFound: "NotFound",
	TooManyWithRetryAfter: "TooManyWithRetryAfter", TooManyWithResetHeader: "TooManyWithResetHeader", TooManyBare: "TooManyBare",
	RedirectElsewhere: "RedirectElsewhere", InvalidUTF8: "InvalidUTF8", WrongTypes: "WrongTypes",
	DeepNesting: "DeepNesting", OtherCompany: "OtherCompany", HostileLinks: "HostileLinks", SamePage: "SamePage",
}

func (f Fault) String() string {
	if f >= 0 && f < numFaults {
		return names[f]
	}
	return "Fault(" + strconv.Itoa(int(f)) + ")"
}

// Status is the HTTP status the fault answers with: 0 for Reset, which
// answers nothing, and 200 for the faults that break the body instead.
func (f Fault) Status() int {
	switch f {
	case Reset:
		return 0
	case Status500JSON, Status500HTML, Status500Empty:
		return http.StatusInternalServerError
	case Status502JSON, Status502HTML, Status502Empty:
		return http.StatusBadGateway
	case Status503JSON, Status503HTML, Status503Empty:
		return http.StatusServiceUnavailable
	case Status504JSON, Status504HTML, Status504Empty:
		return http.StatusGatewayTimeout
	case Unauthorized:
		return http.StatusUnauthorized
	case Forbidden:
		return http.StatusForbidden
	case NotFound:
		return http.StatusNotFound
	case TooManyWithRetryAfter, TooManyWithResetHeader, TooManyBare:
		return http.StatusTooManyRequests
	case RedirectElsewhere:
		return http.StatusFound
	}
	return http.StatusOK
}

// Name is the company name of every well-formed profile the server sends.
const Name = "FAULTLESS TRADING LIMITED"

// InvalidUTF8Name is the company name the InvalidUTF8 fault sends, bytes
// and all: a cut-off two-byte sequence and two bytes that never occur in
// UTF-8.
const InvalidUTF8Name = "CAF\xc3 \xff\xfe LIMITED"

// OtherNumber is the company the OtherCompany fault answers with.
const OtherNumber = "SC999999"

// The SamePage fault is a registry whose pages never end: the same
// PageItems companies (named PagedName(1)...) on every page, whatever
// size, items_per_page, start_index or cursor is asked, counted as
// PageCount in both the name search's total_results and the other
// searches' hits. Its items have what a name search's and what an
// advanced, alphabetical or dissolved search's items have.
const (
	PageItems = 20
	PageCount = 1_000_000
)

// PagedName is the name of the SamePage fault's company i, from 1.
func PagedName(i int) string { return fmt.Sprintf("PAGED %d LTD", i) }

func samePage() string {
	items := make([]string, PageItems)
	for i := range items {
		n := fmt.Sprintf("%08d", i+1)
		items[i] = fmt.Sprintf(`{"kind":"searchresults#company","title":%[1]s,"company_name":%[1]s,"company_number":%[2]q,"company_status":"active",`+
			`"links":{"self":"/company/%[2]s","company_profile":"/company/%[2]s"}}`, quote(PagedName(i+1)), n)
	}
	return fmt.Sprintf(`{"kind":"search#companies","items":[%s],"items_per_page":%d,"start_index":0,"total_results":%d,"hits":%d}`,
		strings.Join(items, ","), PageItems, PageCount, PageCount)
}

// wrongTypes are the members of the WrongTypes profile, each with a value
// of the wrong type: strings as numbers, arrays, objects and booleans;
// flags as strings and numbers; objects as arrays and strings; lists as
// strings and objects.
var wrongTypes = [...]struct{ member, value string }{
	{"type", `["ltd"]`},
	{"subtype", `7`},
	{"jurisdiction", `{"name":"england-wales"}`},
	{"company_status", `true`},
	{"company_status_detail", `[]`},
	{"status", `1.5`},
	{"sic_codes", `"62012"`},
	{"date_of_creation", `20010203`},
	{"date_of_cessation", `{}`},
	{"last_full_members_list_date", `false`},
	{"etag", `[1]`},
	{"has_been_liquidated", `"no"`},
	{"has_insolvency_history", `0`},
	{"has_charges", `"true"`},
	{"has_super_secure_pscs", `[]`},
	{"can_file", `{}`},
	{"registered_office_is_in_dispute", `"false"`},
	{"undeliverable_registered_office_address", `1`},
	{"is_community_interest_company", `"yes"`},
	{"registered_office_address", `["1 Test Street","Testtown"]`},
	{"service_address", `"1 Test Street"`},
	{"accounts", `[{"next_due":"2027-01-01"}]`},
	{"confirmation_statement", `"2027-01-01"`},
	{"annual_return", `42`},
	{"previous_company_names", `"FAULTY LIMITED"`},
	{"foreign_company_details", `true`},
	{"branch_company_details", `[]`},
	{"external_registration_number", `{"n":1}`},
	{"partial_data_available", `[true]`},
	{"super_secure_managing_officer_count", `"three"`},
	{"corporate_annotation", `{"type":"x"}`},
	{"links", `"/company/00000000"`},
}

// WrongTypeMembers are the members the WrongTypes profile sends with the
// wrong type: every member of a profile except company_number and
// company_name, which are right so that a test can see they survive.
var WrongTypeMembers = func() []string {
	var m []string
	for _, w := range wrongTypes {
		m = append(m, w.member)
	}
	return m
}()

// HostileLinkValues are the links of the HostileLinks profile, keyed by
// link name, with HOST standing for Elsewhere's host and port and NUMBER
// for the number asked for. Each names Elsewhere or climbs out of the
// registry's path: an absolute URL, a protocol-relative one, ".." plain
// and escaped, a backslash path and a header injection.
var HostileLinkValues = map[string]string{
	"self":                             "http://HOST/company/NUMBER",
	"officers":                         "//HOST/company/NUMBER/officers",
	"filing_history":                   "/../HOST/company/NUMBER/filing-history",
	"charges":                          "/company/%2e%2e/%2e%2e/HOST/charges",
	"insolvency":                       "/company/NUMBER/%2E%2E%2F%2E%2E%2Finsolvency",
	"persons_with_significant_control": "http:" + "//HOST/company/NUMBER/persons-with-significant-control",
	"registers":                        `\\HOST\company\NUMBER\registers`,
	"exemptions":                       "/company/NUMBER/exemptions\r\nHost: HOST",
	"uk_establishments":                "https:/HOST/company/NUMBER/uk-establishments",
}

// Request is what the server received.
type Request struct {
	N      int    // 1 for the first request to this server, and so on
	Fault  Fault  // what it was answered with
	Method string // GET, …
	Path   string // as sent, escaped
	Query  string // the raw query
	Header http.Header
	At     time.Time // when it arrived
}

// Authorization is the Authorization header the request carried, or "".
func (r Request) Authorization() string { return r.Header.Get("Authorization") }

// Server is a registry that misbehaves on demand. Set the exported knobs
// before the first request; they are not changed while it runs.
type Server struct {
	URL string // the base URL to give the client, e.g. http://127.0.0.1:41234

	// Elsewhere is another origin (its own port) that answers every
	// request with OK. The registry never links or redirects to it except
	// through the RedirectElsewhere and HostileLinks faults, so any
	// request it records leaked. It is nil on Elsewhere itself.
	Elsewhere *Server

	Delay    time.Duration // how long Slow takes to answer; default 10s
	ResetIn  time.Duration // how far ahead a 429 says the quota resets; default 1s
	Depth    int           // how deep DeepNesting nests; default 100 000
	HugeSize int64         // the size of a Huge body; default 100 MB
	// Now is the time the server keeps: when requests arrived, and when
	// the quota a 429 names resets. Default time.Now; a test on a clock
	// of its own gives its Now.
	Now func() time.Time

	t    testing.TB
	srv  *httptest.Server
	quit chan struct{}

	mu     sync.Mutex
	script []Fault
	then   Fault
	reqs   []Request
}

// New starts a registry, and Elsewhere, both stopped when the test ends.
func New(t testing.TB) *Server {
	t.Helper()
	s := start(t)
	s.Elsewhere = start(t)
	return s
}

func start(t testing.TB) *Server {
	s := &Server{
		Delay:    10 * time.Second,
		ResetIn:  time.Second,
		Depth:    100_000,
		HugeSize: 100 << 20,
		Now:      time.Now,
		t:        t,
		quit:     make(chan struct{}),
	}
	s.srv = httptest.NewUnstartedServer(s)
	s.srv.Config.SetKeepAlivesEnabled(false)
	s.srv.Start()
	s.URL = s.srv.URL
	t.Cleanup(func() {
		close(s.quit) // releases Slow and HangAfterHeaders, then Close waits for them
		s.srv.Close()
	})
	return s
}

// Script queues faults: the next request gets the first, the one after
// the second, and so on; requests after the last get the Thereafter fault.
func (s *Server) Script(faults ...Fault) *Server {
	s.mu.Lock()
	s.script = append(s.script, faults...)
	s.mu.Unlock()
	return s
}

// Thereafter sets the fault of every request once the script has run out
// (OK by default): Thereafter(Status503HTML) is a registry that is down.
func (s *Server) Thereafter(f Fault) *Server {
	s.mu.Lock()
	s.then = f
	s.mu.Unlock()
	return s
}

// Requests are the requests received so far, in order of arrival.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.reqs...)
}

// Count is how many requests have arrived.
func (s *Server) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.reqs)
}

// Host is the server's host and port, as a link or redirect would name it.
func (s *Server) Host() string { return strings.TrimPrefix(s.URL, "http://") }

func (s *Server) next(r *http.Request) Fault {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := s.then
	if len(s.script) > 0 {
		f, s.script = s.script[0], s.script[1:]
	}
	s.reqs = append(s.reqs, Request{
		N: len(s.reqs) + 1, Fault: f, Method: r.Method, Path: r.URL.EscapedPath(), Query: r.URL.RawQuery,
		Header: r.Header.Clone(), At: s.Now(),
	})
	return f
}

// ServeHTTP answers one request with the next fault.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f := s.next(r)
	number := numberIn(r.URL.Path)
	switch f {
	case OK:
		if number == "" {
			reply(w, http.StatusOK, "application/json", `{"items":[],"items_per_page":35,"start_index":0,"total_results":0}`)
			return
		}
		reply(w, http.StatusOK, "application/json", profile(number, Name, nil))
	case Slow:
		select {
		case <-time.After(s.Delay):
			reply(w, http.StatusOK, "application/json", profile(number, Name, nil))
		case <-r.Context().Done():
		case <-s.quit:
		}
	case HangAfterHeaders:
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		fmt.Fprintf(w, `{"company_number":%s,"company_name":`, quote(number))
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
		case <-s.quit:
		}
	case Reset:
		conn := s.hijack(w)
		if tc, ok := conn.(*net.TCPConn); ok {
			tc.SetLinger(0) // close with RST, not FIN
		}
		conn.Close()
	case Truncated:
		body := profile(number, Name, nil)
		conn := s.hijack(w)
		fmt.Fprintf(conn, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s",
			len(body), body[:len(body)/2])
		conn.Close()
	case Huge:
		s.huge(w, number)
	case Status500JSON:
		reply(w, f.Status(), "application/json", `{"exception_id":"fault0000001","error":"Internal server error"}`)
	case Status502JSON, Status503JSON, Status504JSON:
		reply(w, f.Status(), "application/json", fmt.Sprintf(`{"error":%s,"type":"ch:service"}`, quote(http.StatusText(f.Status()))))
	case Status500HTML, Status502HTML, Status503HTML, Status504HTML:
		title := fmt.Sprintf("%d %s", f.Status(), http.StatusText(f.Status()))
		reply(w, f.Status(), "text/html", "<html>\r\n<head><title>"+title+"</title></head>\r\n<body>\r\n<center><h1>"+
			title+"</h1></center>\r\n<hr><center>awselb/2.0</center>\r\n</body>\r\n</html>\r\n")
	case Status500Empty, Status502Empty, Status503Empty, Status504Empty:
		w.Header().Set("Content-Length", "0")
		w.WriteHeader(f.Status())
	case Unauthorized:
		why := "Invalid Authorization"
		if r.Header.Get("Authorization") == "" {
			why = "Empty Authorization header"
		}
		reply(w, f.Status(), "application/json", fmt.Sprintf(`{"error":%s,"type":"ch:service"}`, quote(why)))
	case Forbidden:
		reply(w, f.Status(), "application/json", `{"error":"Forbidden","type":"ch:service"}`)
	case NotFound:
		reply(w, f.Status(), "application/json", `{"errors":[{"type":"ch:service","error":"company-profile-not-found"}]}`)
	case TooManyWithRetryAfter:
		w.Header().Set("Retry-After", strconv.Itoa(int((s.ResetIn+time.Second-1)/time.Second)))
		reply(w, f.Status(), "application/json", `{"error":"Too Many Requests"}`)
	case TooManyWithResetHeader:
		// Whole seconds, rounded up, so the reset is never sooner than ResetIn.
		reset := s.Now().Add(s.ResetIn + time.Second - 1).Unix()
		h := w.Header()
		h.Set("X-Ratelimit-Limit", "600")
		h.Set("X-Ratelimit-Remain", "0")
		h.Set("X-Ratelimit-Reset", strconv.FormatInt(reset, 10))
		h.Set("X-Ratelimit-Window", "5m")
		reply(w, f.Status(), "application/json", `{"error":"Too Many Requests"}`)
	case TooManyBare:
		w.Header().Set("Content-Length", "0")
		w.WriteHeader(f.Status())
	case RedirectElsewhere:
		if s.Elsewhere == nil {
			s.t.Errorf("faults: RedirectElsewhere asked of a server with no Elsewhere")
			return
		}
		http.Redirect(w, r, s.Elsewhere.URL+r.URL.RequestURI(), http.StatusFound)
	case InvalidUTF8:
		// Written raw: encoding/json would replace the bad bytes before they left.
		reply(w, http.StatusOK, "application/json", profile(number, Name, map[string]string{
			"company_name":              "\"" + InvalidUTF8Name + "\"",
			"registered_office_address": "{\"address_line_1\":\"1 Rue d\xe9 Test\",\"locality\":\"Testtown\"}",
		}))
	case WrongTypes:
		var b strings.Builder
		fmt.Fprintf(&b, `{"company_number":%s,"company_name":%s`, quote(number), quote(Name))
		for _, m := range wrongTypes {
			fmt.Fprintf(&b, ",%s:%s", quote(m.member), m.value)
		}
		b.WriteString("}")
		reply(w, http.StatusOK, "application/json", b.String())
	case DeepNesting:
		reply(w, http.StatusOK, "application/json", profile(number, Name, map[string]string{
			"accounts": strings.Repeat("[", s.Depth) + strings.Repeat("]", s.Depth),
		}))
	case OtherCompany:
		reply(w, http.StatusOK, "application/json", profile(OtherNumber, Name, nil))
	case SamePage:
		reply(w, http.StatusOK, "application/json", samePage())
	case HostileLinks:
		if s.Elsewhere == nil {
			s.t.Errorf("faults: HostileLinks asked of a server with no Elsewhere")
			return
		}
		links := map[string]string{}
		for name, l := range HostileLinkValues {
			links[name] = strings.NewReplacer("HOST", s.Elsewhere.Host(), "NUMBER", number).Replace(l)
		}
		b, _ := json.Marshal(links)
		reply(w, http.StatusOK, "application/json", profile(number, Name, map[string]string{"links": string(b)}))
	default:
		s.t.Errorf("faults: unknown fault %v", f)
		w.WriteHeader(http.StatusTeapot)
	}
}

func (s *Server) hijack(w http.ResponseWriter) net.Conn {
	conn, _, err := w.(http.Hijacker).Hijack()
	if err != nil {
		s.t.Errorf("faults: hijack: %v", err)
		panic(http.ErrAbortHandler)
	}
	return conn
}

// huge streams a well-formed profile of HugeSize bytes from one small
// buffer, stopping as soon as the client stops reading.
func (s *Server) huge(w http.ResponseWriter, number string) {
	head := fmt.Sprintf(`{"company_number":%s,"company_name":"`, quote(number))
	const tail = `"}`
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.FormatInt(s.HugeSize, 10))
	w.WriteHeader(http.StatusOK)
	if _, err := w.Write([]byte(head)); err != nil {
		return
	}
	chunk := bytes.Repeat([]byte("A"), 64<<10)
	for left := s.HugeSize - int64(len(head)) - int64(len(tail)); left > 0; {
		n := min(left, int64(len(chunk)))
		if _, err := w.Write(chunk[:n]); err != nil {
			return
		}
		left -= n
	}
	w.Write([]byte(tail))
}

// numberIn is the {number} of /company/{number}[/...], or "".
func numberIn(path string) string {
	rest, ok := strings.CutPrefix(path, "/company/")
	if !ok {
		return ""
	}
	n, _, _ := strings.Cut(rest, "/")
	if u, err := url.PathUnescape(n); err == nil {
		return u
	}
	return n
}

// profile is a well-formed profile with the given members replaced or
// added (raw JSON values; they may be anything, even invalid).
func profile(number, name string, replace map[string]string) string {
	members := []struct{ name, value string }{
		{"company_number", quote(number)},
		{"company_name", quote(name)},
		{"company_status", `"active"`},
		{"type", `"ltd"`},
		{"jurisdiction", `"england-wales"`},
		{"date_of_creation", `"2001-02-03"`},
		{"sic_codes", `["62012"]`},
		{"has_charges", `false`},
		{"registered_office_address", `{"address_line_1":"1 Test Street","locality":"Testtown","postal_code":"TE1 1ST"}`},
		{"accounts", `{"accounting_reference_date":{"day":"31","month":"03"},"next_accounts":{"due_on":"2027-12-31","overdue":false}}`},
		{"links", fmt.Sprintf(`{"self":%s,"officers":%s,"filing_history":%s}`,
			quote("/company/"+number), quote("/company/"+number+"/officers"), quote("/company/"+number+"/filing-history"))},
	}
	var b strings.Builder
	b.WriteString("{")
	seen := map[string]bool{}
	for i, m := range members {
		if i > 0 {
			b.WriteString(",")
		}
		v := m.value
		if r, ok := replace[m.name]; ok {
			v = r
			seen[m.name] = true
		}
		fmt.Fprintf(&b, "%s:%s", quote(m.name), v)
	}
	for name, v := range replace {
		if !seen[name] {
			fmt.Fprintf(&b, ",%s:%s", quote(name), v)
		}
	}
	b.WriteString("}")
	return b.String()
}

func reply(w http.ResponseWriter, status int, contentType, body string) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	w.Write([]byte(body))
}

// quote is s as a JSON string.
func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
