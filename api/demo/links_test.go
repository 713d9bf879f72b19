package demo_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"coview/api"
	"coview/api/demo"
)

const documentAPI = "https://document-api.company-information.service.gov.uk/document/"

// TestEveryLinkLeadsSomewhere starts at each demo profile and follows every
// link in everything it is served (profiles, every page of every list, single
// items, officers' appointments and the companies those lead to, PSCs,
// charges and the filings their transactions name, registers, UK
// establishments) until there is nothing new. Every one must answer 200 with
// JSON and rate-limit headers; only document_metadata points elsewhere, at
// the document API host. Every kind of resource must be among them.
func TestEveryLinkLeadsSomewhere(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	type visit struct{ path, from string }
	var queue []visit
	seen := map[string]bool{}
	enqueue := func(path, from string) {
		if !seen[path] {
			seen[path] = true
			queue = append(queue, visit{path, from})
		}
	}
	for _, number := range demo.Numbers() {
		enqueue("/company/"+number, "the catalogue")
	}

	documents := 0
	kinds := map[api.ResourceKind]bool{}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		if r, err := api.Route(v.path); err == nil {
			kinds[r.Kind] = true
		}
		resp, body := get(t, srv, v.path)
		if resp.StatusCode != http.StatusOK {
			t.Errorf("%s, linked from %s, answers %d: %s", v.path, v.from, resp.StatusCode, body)
			continue
		}
		if resp.Header.Get("Content-Type") != "application/json" || resp.Header.Get("X-Ratelimit-Remain") == "" {
			t.Errorf("%s: Content-Type %q, X-Ratelimit-Remain %q", v.path, resp.Header.Get("Content-Type"), resp.Header.Get("X-Ratelimit-Remain"))
		}
		var doc any
		if err := json.Unmarshal(body, &doc); err != nil {
			t.Errorf("%s: %v", v.path, err)
			continue
		}
		for _, link := range links(doc, false) {
			switch {
			case strings.HasPrefix(link, documentAPI):
				documents++
			case strings.HasPrefix(link, "/"):
				enqueue(link, v.path)
			default:
				t.Errorf("%s links to %q, neither a path nor a document", v.path, link)
			}
		}
		if next := nextPage(v.path, doc); next != "" {
			enqueue(next, v.path)
		}
	}
	if documents == 0 {
		t.Error("no filing links to a document")
	}
	for _, k := range []api.ResourceKind{api.ResCompany, api.ResOfficers, api.ResOfficer, api.ResFilings, api.ResFiling,
		api.ResPSCs, api.ResPSC, api.ResPSCStatements, api.ResPSCStatement, api.ResCharges, api.ResCharge,
		api.ResInsolvency, api.ResExemptions, api.ResRegisters, api.ResUKEstablishments, api.ResAppointments} {
		if !kinds[k] {
			t.Errorf("no link leads to a resource of kind %d", k)
		}
	}
	if !seen["/officers/"+nomineeID+"/appointments?items_per_page=35&start_index=35"] {
		t.Error("the second page of an officer's appointments was never reached")
	}
	t.Logf("followed %d links, and saw %d document links", len(seen), documents)
}

// links returns the strings held under any "links" member of doc.
func links(doc any, inLinks bool) []string {
	var found []string
	switch d := doc.(type) {
	case map[string]any:
		for k, v := range d {
			found = append(found, links(v, inLinks || k == "links")...)
		}
	case []any:
		for _, v := range d {
			found = append(found, links(v, inLinks)...)
		}
	case string:
		if inLinks {
			found = append(found, d)
		}
	}
	return found
}

// nextPage returns the path of the page after this one of a paged list, or
// "" when it is the last (or not a list).
func nextPage(path string, doc any) string {
	m, ok := doc.(map[string]any)
	if !ok {
		return ""
	}
	items, _ := m["items"].([]any)
	size, _ := m["items_per_page"].(float64)
	start, _ := m["start_index"].(float64)
	total, ok := m["total_results"].(float64)
	if !ok {
		total, ok = m["total_count"].(float64)
	}
	if !ok || size == 0 || len(items) == 0 || int(start)+len(items) >= int(total) {
		return ""
	}
	base, _, _ := strings.Cut(path, "?")
	return fmt.Sprintf("%s?items_per_page=%d&start_index=%d", base, int(size), int(start)+len(items))
}

// TestProfilesLinkExactlyToWhatIsServed: a profile links to charges,
// insolvency, exemptions, registers and UK establishments exactly when the
// company has them, so a client that follows links never meets the 404s
// that mean "none", and a client that looks without a link finds nothing:
// a 404, or for charges and UK establishments, as live, an empty list.
func TestProfilesLinkExactlyToWhatIsServed(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	resources := map[string]string{
		"charges":           api.LinkCharges,
		"insolvency":        api.LinkInsolvency,
		"exemptions":        api.LinkExemptions,
		"registers":         api.LinkRegisters,
		"uk-establishments": api.LinkUKEstablish,
	}
	for _, number := range demo.Numbers() {
		var profile struct {
			Links map[string]string `json:"links"`
		}
		getJSON(t, srv, "/company/"+number, &profile)
		for path, member := range resources {
			link, linked := profile.Links[member]
			resp, body := get(t, srv, "/company/"+number+"/"+path)
			found := resp.StatusCode == http.StatusOK
			if path == "charges" || path == "uk-establishments" {
				var list struct {
					Items []json.RawMessage `json:"items"`
				}
				json.Unmarshal(body, &list)
				// Linked, it may still list none (00006413's charges).
				found = found && (linked || len(list.Items) > 0)
				if resp.StatusCode != http.StatusOK {
					t.Errorf("%s: /%s answers %d, want 200 (an empty list when there are none)", number, path, resp.StatusCode)
				}
			}
			if linked != found || (linked && link != "/company/"+number+"/"+path) {
				t.Errorf("%s: links.%s is %q, but /%s answers %d: %.80s", number, member, link, path, resp.StatusCode, body)
			}
		}
	}
}
