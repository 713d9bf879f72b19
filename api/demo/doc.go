// Package demo is an in-process sample company registry: an http.Handler
// that answers like the live UK Companies House REST API over a fixed set of
// fictional companies embedded in the binary.
//
// It plays the part net/http/httptest plays for HTTP clients: coview --demo
// and coview serve-demo run it on a loopback port, and tests anywhere in the
// project point a client at httptest.NewServer(demo.NewHandler(...)). It
// reproduces the parts of the live service a client has to cope with: HTTP
// Basic authentication with the key as the user name, the 401 bodies and
// headers of the spec, X-Ratelimit-* headers and 429s, 404s with the live
// error shapes, paged linked resources, explicit nulls and absent sections.
//
// The fixtures live under fixtures/{company_number}/; see fixtures/README.md.
// Besides them, the numbers 00007000 to 00007999 are generated companies for
// load tests: each answers with a profile made up from its number (a distinct
// name, every pane filled, an empty filing history, and an empty officers
// list but for 00007900-00007959, which share a nominee director with more
// than 50 appointments). Numbers lists only the fixtures.
//
// Filings' documents come from elsewhere, as live. Start runs the whole
// demo: this registry and, each on a listener of its own, a document API
// (GET /document/{id} for metadata and /document/{id}/content, which
// redirects, both with the registry's key) and a storage host that serves
// the documents only at short-lived signed links and refuses any request
// that carries an Authorization header, as the live S3 bucket does. The
// registry's filings then link to that document API. On listeners of
// their own too, Start serves the streaming API and the download site of
// the monthly company file (NewDownloadHandler): a page like the
// registry's en_output.html and the month's file of the demo's
// companies, in the registry's format.
//
// Every filing with a document link has a small, valid PDF saying which
// filing it is; the accounts of the companies that file electronically
// also come as XHTML with inline XBRL, their figures a story over the
// years (accounts_*.go), FilingWithXHTML among them; FilingSlowDocument's
// PDF is 20 MB sent slowly, FilingDocumentMissing's metadata is a 404,
// and FilingWithoutDocument, like every filing without a link, has none.
package demo
