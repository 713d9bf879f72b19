package api

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
)

// The document formats coview asks for by name. The document API lists a
// document's formats as MIME types, and any other one it lists can be
// asked for too.
const (
	FormatPDF   = "application/pdf"
	FormatXHTML = "application/xhtml+xml" // inline XBRL: accounts filed electronically
)

// ParseFormat reads a format as a person types it: pdf, xhtml (or ixbrl,
// html), or a MIME type as the metadata lists it. "" is PDF, which every
// document but a few very old ones has.
func ParseFormat(s string) (string, error) {
	switch t := strings.ToLower(strings.TrimSpace(s)); t {
	case "", "pdf":
		return FormatPDF, nil
	case "xhtml", "ixbrl", "html", "xbrl":
		return FormatXHTML, nil
	default:
		if typ, sub, ok := strings.Cut(t, "/"); ok && typ != "" && sub != "" && !strings.ContainsAny(t, " ,;\"") {
			return t, nil
		}
	}
	return "", fmt.Errorf("unknown document format %q: give pdf or xhtml (inline XBRL, for accounts filed electronically)", s)
}

// FormatName is a format in words: "PDF", "XHTML (iXBRL)", or else the
// MIME type.
func FormatName(format string) string {
	switch format {
	case FormatPDF:
		return "PDF"
	case FormatXHTML:
		return "XHTML (iXBRL)"
	}
	return format
}

// FormatExtension is the file name extension for a format: ".pdf",
// ".xhtml", or ".bin" for one coview does not know. (A switch, not a map:
// a map literal is built at start-up by every run.)
func FormatExtension(format string) string {
	switch format {
	case FormatPDF:
		return ".pdf"
	case FormatXHTML:
		return ".xhtml"
	case "application/xml":
		return ".xml"
	case "application/json":
		return ".json"
	case "application/zip":
		return ".zip"
	case "text/csv":
		return ".csv"
	case "text/html":
		return ".html"
	case "text/plain":
		return ".txt"
	}
	return ".bin"
}

// DocumentMetadata is what the document API says about a filing's
// document: its formats and sizes, and the link to its content.
// Everything but Links.Document and Resources is for showing.
type DocumentMetadata struct {
	CompanyNumber string `json:"company_number"`
	Barcode       string `json:"barcode"`
	// SignificantDate is the date the document is about (accounts' made-up
	// date), "" when there is none; SignificantDateType says which.
	SignificantDate     string `json:"significant_date"`
	SignificantDateType string `json:"significant_date_type"`
	Category            string `json:"category"`
	Pages               *int   `json:"pages"`
	Filename            string `json:"filename"` // the registry's own, often ""
	CreatedAt           string `json:"created_at"`
	Etag                string `json:"etag"`
	Links               struct {
		Self     string `json:"self"`
		Document string `json:"document"` // the content, as a link on the document API
	} `json:"links"`
	// Resources are the formats, keyed by MIME type.
	Resources map[string]DocumentResource `json:"resources"`

	// Link is where the metadata was fetched from.
	Link string `json:"-"`
	// Raw is the body as received; Unreadable as for Profile.
	Raw        []byte   `json:"-"`
	Unreadable []string `json:"-"`
}

// DocumentResource is one format of a document.
type DocumentResource struct {
	ContentLength FlexString `json:"content_length"`
}

// Formats are the document's formats (MIME types), PDF first, then the
// others in order.
func (m *DocumentMetadata) Formats() []string {
	var out []string
	for f := range m.Resources {
		out = append(out, f)
	}
	slices.SortFunc(out, func(a, b string) int {
		switch {
		case a == b:
			return 0
		case a == FormatPDF:
			return -1
		case b == FormatPDF:
			return 1
		}
		return strings.Compare(a, b)
	})
	return out
}

// Has says whether the document comes in format.
func (m *DocumentMetadata) Has(format string) bool {
	_, ok := m.Resources[format]
	return ok
}

// Size is the document's size in format as the metadata gives it, or -1.
func (m *DocumentMetadata) Size(format string) int64 {
	r, ok := m.Resources[format]
	if !ok {
		return -1
	}
	n, ok := r.ContentLength.Int()
	if !ok || n < 0 {
		return -1
	}
	return int64(n)
}

// FormatsInWords lists the formats for a message: "PDF and XHTML (iXBRL)".
func (m *DocumentMetadata) FormatsInWords() string {
	var names []string
	for _, f := range m.Formats() {
		names = append(names, FormatName(f))
	}
	switch len(names) {
	case 0:
		return "no format at all"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// noDocumentLink is the error for a filing without a document.
var noDocumentLink = &Error{Kind: KindNoDocument, Subject: "the filing",
	Reason: "the registry has no document for it (paper-filed and older filings often have none)"}

// Metadata fetches what the document API says about a document, at link:
// a filing's links.document_metadata, used exactly as given, never built
// from the transaction id. An empty link (a filing without a document)
// is ErrNoDocument; a link that is not on the document API is refused
// before anything is sent (ErrRefusedLink); a 404 is ErrNotFound.
func (c *DocumentClient) Metadata(ctx context.Context, link string) (*DocumentMetadata, error) {
	if strings.TrimSpace(link) == "" {
		e := *noDocumentLink
		return nil, &e
	}
	u, err := c.CheckDocumentLink(link)
	if err != nil {
		return nil, err
	}
	subject := "the document metadata at " + u.EscapedPath()
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	req, key, err := c.newRequest(ctx, u, "application/json")
	if err != nil {
		return nil, &Error{Kind: KindRefusedLink, Subject: subject, Reason: "the URL cannot be built"}
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, c.transportError(ctx, subject, hostOf(err, u.Host), err, 0, "")
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxMetadataBytes+1))
	if err != nil {
		return nil, c.transportError(ctx, subject, resp.Request.URL.Host, err, 0, "")
	}
	if len(body) > maxMetadataBytes {
		return nil, &Error{Kind: KindTooLarge, Subject: subject, Status: resp.StatusCode,
			Reason: fmt.Sprintf("the answer is larger than %d MiB", maxMetadataBytes>>20)}
	}
	if resp.StatusCode != http.StatusOK {
		return nil, c.answerError(subject, resp, body, key)
	}
	if !isJSONObject(body) {
		return nil, &Error{Kind: KindBadResponse, Subject: subject, Status: resp.StatusCode, Reason: notJSONReason(resp, body)}
	}
	m := &DocumentMetadata{}
	bad, err := decodeLenient(body, m)
	if err != nil {
		return nil, &Error{Kind: KindBadResponse, Subject: subject, Status: resp.StatusCode, Reason: err.Error()}
	}
	m.Link, m.Raw, m.Unreadable = u.String(), body, bad
	return m, nil
}
