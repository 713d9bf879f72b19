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
package demo
