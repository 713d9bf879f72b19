package demo

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"
)

// liveDocumentPrefix starts every document_metadata link in the fixtures,
// as live. NewHandler with Options.DocumentURL rewrites it to the demo's
// own document API.
const liveDocumentPrefix = "https://document-api.company-information.service.gov.uk/document/"

// Demo filings (transaction ids) whose documents are worth trying. Every
// other filing with a document_metadata link has a small PDF whose pages
// say which filing it is, and the accounts of a company that files them
// electronically (accounts_plans.go) come as inline XBRL too; the filings
// without that link have none.
const (
	// FilingWithXHTML is 00006400's full accounts of 9 Dec 2025: a PDF,
	// and XHTML with inline XBRL as accounts filed electronically have.
	FilingWithXHTML = "OTI1ODMyMTcxNWRtb3JlZ3h6"
	// FilingPaperAccounts is 00006400's accounts of 11 Dec 2012, filed on
	// paper: a PDF only.
	FilingPaperAccounts = "Mzg4OTMyMzEzNmRtb3JlZ3h6"
	// FilingSlowDocument is 00006400's full accounts of 10 Dec 2024: a
	// 20 MB PDF that the storage sends slowly (about 5 seconds), for
	// progress bars and cancelling; its inline XBRL comes at once.
	FilingSlowDocument = "MjM3OTQ4ODMxNmRtb3JlZ3h6"
	// FilingDocumentMissing is 00006400's legacy filing of 30 Nov 2021: it
	// links to document metadata, but the document API answers 404.
	FilingDocumentMissing = "MjQ0MDU1OTgwMGRtb3JlZ3h6"
	// FilingWithoutDocument is 00006400's satisfied charge of 11 Apr
	// 2023: no document_metadata link, as for paper-filed and old filings.
	FilingWithoutDocument = "MjM3MDkwNDE2NGRtb3JlZ3h6"
)

// slowDocumentBytes is the size of FilingSlowDocument's PDF.
const slowDocumentBytes = 20_000_000

// defaultSlowRate is how fast FilingSlowDocument is sent, in bytes a
// second.
const defaultSlowRate = 4_000_000

// storageLinkLifetime is how long a storage link works, as live, where
// pre-signed links last minutes.
const storageLinkLifetime = 60 * time.Second

// document is one filing's document, as the document API knows it.
type document struct {
	id          string
	number      string
	company     string
	filing      string // the transaction id
	formType    string
	date        string
	category    string
	description string
	madeUpDate  string
	barcode     string
	pages       int
	xhtml       bool // also comes as XHTML (iXBRL)
	slow        bool // large, and sent slowly
}

// indexDocuments finds every document the fixtures link to, by id.
func indexDocuments(reg *registry) map[string]*document {
	docs := make(map[string]*document)
	for _, c := range reg.companies {
		for _, raw := range c.filings {
			if d := documentOf(c, raw); d != nil {
				docs[d.id] = d
			}
		}
	}
	return docs
}

// documentOf is the document a filing of c links to, or nil when it
// links to none (or to one the document API does not know).
func documentOf(c *company, raw json.RawMessage) *document {
	var f struct {
		TransactionID     string            `json:"transaction_id"`
		Type              string            `json:"type"`
		Date              string            `json:"date"`
		Category          string            `json:"category"`
		Description       string            `json:"description"`
		Barcode           string            `json:"barcode"`
		Pages             int               `json:"pages"`
		DescriptionValues map[string]any    `json:"description_values"`
		Links             map[string]string `json:"links"`
	}
	if json.Unmarshal(raw, &f) != nil {
		return nil
	}
	id, ok := strings.CutPrefix(f.Links["document_metadata"], liveDocumentPrefix)
	if !ok || id == "" || f.TransactionID == FilingDocumentMissing {
		return nil
	}
	madeUp, _ := f.DescriptionValues["made_up_date"].(string)
	return &document{
		id: id, number: c.number, company: c.name, filing: f.TransactionID,
		formType: f.Type, date: f.Date, category: f.Category, description: f.Description,
		madeUpDate: madeUp, barcode: f.Barcode, pages: f.Pages,
		xhtml: filedAsIXBRL(c.number, f.Description, madeUp),
		slow:  f.TransactionID == FilingSlowDocument,
	}
}

// formats are the MIME types the document comes in, PDF first.
func (d *document) formats() []string {
	if d.xhtml {
		return []string{formatPDF, formatXHTML}
	}
	return []string{formatPDF}
}

const (
	formatPDF   = "application/pdf"
	formatXHTML = "application/xhtml+xml"
)

// content is the document in a format, or false if it has no such format.
func (d *document) content(format string) (blob, bool) {
	switch {
	case format == formatPDF:
		return d.pdf(), true
	case format == formatXHTML && d.xhtml:
		return blob{head: []byte(d.ixbrl())}, true
	}
	return blob{}, false
}

// maxPDFPages bounds the pages drawn, whatever the filing says.
const maxPDFPages = 40

// pdf is a PDF with as many pages as the filing has, each saying which
// filing it belongs to.
func (d *document) pdf() blob {
	n := min(max(d.pages, 1), maxPDFPages)
	about := fmt.Sprintf("%s %s of %s (transaction %s)", d.number, d.formType, d.date, d.filing)
	pages := make([]pdfPage, n)
	for i := range pages {
		pages[i] = pdfPage{about, fmt.Sprintf("Page %d of %d", i+1, n)}
	}
	first := pdfPage{
		"A fictional document from the coview demo registry.",
		"Company: " + d.company + " (" + d.number + ")",
		"Filing: " + d.formType + " of " + d.date + ", transaction " + d.filing,
		"Description: " + strings.ReplaceAll(d.description, "-", " "),
	}
	if d.madeUpDate != "" {
		first = append(first, "Made up to: "+d.madeUpDate)
	}
	pages[0] = append(first, fmt.Sprintf("Page 1 of %d", n))
	var fill int64
	if d.slow {
		// The padding's length is written in the file, so aim twice.
		fill = 1
		for range 2 {
			fill += slowDocumentBytes - buildPDF(pages, fill).size()
		}
	}
	return buildPDF(pages, fill)
}

// documents is the demo's document API and the storage it hands content
// out from, on listeners of their own.
type documents struct {
	index      func() map[string]*document
	limiter    *limiter
	latency    time.Duration
	now        func() time.Time
	selfURL    string // the document API, for the links in its metadata
	storageURL string // the storage, for the redirects
	secret     []byte // signs storage links
	slowRate   int
}

func newDocuments(opts ServeOptions, selfURL, storageURL string, secret []byte) *documents {
	d := &documents{
		limiter:    newLimiter(opts.Limit, opts.Window),
		latency:    opts.Latency,
		now:        opts.Now,
		selfURL:    strings.TrimSuffix(selfURL, "/"),
		storageURL: strings.TrimSuffix(storageURL, "/"),
		secret:     secret,
		slowRate:   opts.SlowDocumentRate,
	}
	if d.now == nil {
		d.now = time.Now
	}
	if d.slowRate <= 0 {
		d.slowRate = defaultSlowRate
	}
	d.index = sharedDocuments
	return d
}

// find is the document with the id: the fixtures', or a living
// company's as it is now.
func (d *documents) find(id string) *document {
	if doc := d.index()[id]; doc != nil {
		return doc
	}
	return livingDocument(id, d.now())
}

// sharedDocuments are the fixtures' documents by id, built once a process
// as the fixtures are, and never changed once built.
var sharedDocuments = sync.OnceValue(func() map[string]*document { return indexDocuments(fixtures()) })

// api is the document API: GET /document/{id} is the metadata and GET
// /document/{id}/content a redirect to the content in storage, both with
// the registry's key and a rate limit of their own.
func (d *documents) api() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/document/{id}", d.metadata)
	mux.HandleFunc("/document/{id}/content", d.redirect)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !delay(r, d.latency) {
			return
		}
		hdr := w.Header()
		hdr.Set("Cache-Control", "no-store, no-cache, must-revalidate")
		now := d.now()
		key, problem := authenticate(r)
		if problem != "" {
			d.quotaHeaders(hdr, d.limiter.peek(Key, now))
			writeAuthError(w, problem)
			return
		}
		q := d.limiter.take(key, now)
		d.quotaHeaders(hdr, q)
		if !q.allowed {
			writeFlatError(w, http.StatusTooManyRequests, "Too Many Requests")
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			hdr.Set("Allow", "GET, HEAD")
			writeFlatError(w, http.StatusMethodNotAllowed, "Method Not Allowed")
			return
		}
		if _, pattern := mux.Handler(r); pattern == "" {
			writeFlatError(w, http.StatusNotFound, "not found")
			return
		}
		mux.ServeHTTP(w, r)
	})
}

// quotaHeaders are the registry's, but for the remaining count, which the
// live document API calls X-Ratelimit-Remaining.
func (d *documents) quotaHeaders(h http.Header, q quota) {
	q.setHeaders(h)
	h.Set("X-Ratelimit-Remaining", h.Get("X-Ratelimit-Remain"))
	h.Del("X-Ratelimit-Remain")
}

type documentMetadata struct {
	CompanyNumber       string                      `json:"company_number"`
	Barcode             string                      `json:"barcode"`
	SignificantDate     *string                     `json:"significant_date"`
	SignificantDateType string                      `json:"significant_date_type"`
	Category            string                      `json:"category"`
	Pages               int                         `json:"pages"`
	Filename            string                      `json:"filename"`
	CreatedAt           string                      `json:"created_at"`
	Etag                string                      `json:"etag"`
	Links               documentLinks               `json:"links"`
	Resources           map[string]documentResource `json:"resources"`
}

type documentLinks struct {
	Self     string `json:"self"`
	Document string `json:"document"`
}

type documentResource struct {
	ContentLength int64 `json:"content_length"`
}

// metadata answers in the live shape: formats keyed by MIME type with
// their sizes, and absolute links on the document API itself.
func (d *documents) metadata(w http.ResponseWriter, r *http.Request) {
	doc := d.find(r.PathValue("id"))
	if doc == nil {
		writeFlatError(w, http.StatusNotFound, "document not found")
		return
	}
	self := d.selfURL + "/document/" + doc.id
	m := documentMetadata{
		CompanyNumber: doc.number,
		Barcode:       doc.barcode,
		Category:      doc.category,
		Pages:         min(max(doc.pages, 1), maxPDFPages),
		Filename:      strings.ToLower(doc.number + "_" + doc.formType + "_" + doc.date),
		CreatedAt:     doc.date + "T09:41:07.123456789Z",
		Links:         documentLinks{Self: self, Document: self + "/content"},
		Resources:     map[string]documentResource{},
	}
	if doc.madeUpDate != "" {
		s := doc.madeUpDate + "T00:00:00Z"
		m.SignificantDate, m.SignificantDateType = &s, "made-up-date"
	}
	for _, f := range doc.formats() {
		b, _ := doc.content(f)
		m.Resources[f] = documentResource{ContentLength: b.size()}
	}
	writeJSON(w, http.StatusOK, m)
}

// redirect answers a content request as live: 302 to a short-lived
// signed storage link for the format the Accept header asks for (PDF when
// it asks for none in particular), or 406 when the document does not
// come in any format asked for.
func (d *documents) redirect(w http.ResponseWriter, r *http.Request) {
	doc := d.find(r.PathValue("id"))
	if doc == nil {
		writeFlatError(w, http.StatusNotFound, "document not found")
		return
	}
	format := chooseFormat(r.Header.Get("Accept"), doc.formats())
	if format == "" {
		writeFlatError(w, http.StatusNotAcceptable, "the document is not available in the format requested")
		return
	}
	w.Header().Set("Location", d.storageURL+signStorage(d.secret, storagePath(doc.id, format), d.now()))
	w.Header().Set("Content-Type", "text/plain")
	w.WriteHeader(http.StatusFound)
}

// chooseFormat picks the first of the formats an Accept header names that
// the document has. No header, or a wildcard, means PDF.
func chooseFormat(accept string, have []string) string {
	if strings.TrimSpace(accept) == "" {
		return have[0]
	}
	for _, part := range strings.Split(accept, ",") {
		mediaType, _, _ := strings.Cut(part, ";")
		mediaType = strings.ToLower(strings.TrimSpace(mediaType))
		if mediaType == "*/*" || mediaType == "application/*" {
			return have[0]
		}
		for _, f := range have {
			if f == mediaType {
				return f
			}
		}
	}
	return ""
}

// rewriteDocumentLinks returns what the registry does to each filing it
// serves: point its document_metadata link at the document API at base,
// or, with base "", leave it on the live one.
func rewriteDocumentLinks(base string) func([]byte) []byte {
	if base == "" {
		return func(item []byte) []byte { return item }
	}
	from := []byte(`"` + liveDocumentPrefix)
	to := []byte(`"` + strings.TrimSuffix(base, "/") + "/document/")
	return func(item []byte) []byte { return bytes.ReplaceAll(item, from, to) }
}
