package api

import (
	"net/url"
	"strings"
)

// DefaultWebURL is the registry's public web site, the pages people share.
const DefaultWebURL = "https://find-and-update.company-information.service.gov.uk"

// WebURL is the address of res on the registry's public web site, for
// "open in the browser" and for copying a link a person can follow: the
// company's page, its officers, filing history, persons with significant
// control, charges (and a charge), insolvency and registers; a filing's
// document page (a filing without a document has no page of its own:
// offer its company's filing history instead); an officer's appointments;
// a search. Other resources of a company give the company's page.
//
// registry is the registry's base URL and web the web site's. With web
// "", the web site is DefaultWebURL when registry is the live registry,
// and there is none otherwise (a demo or a test registry has no web site):
// ok is then false.
func WebURL(registry, web string, res Resource) (string, bool) {
	if web == "" {
		live, _ := ParseBaseURL(DefaultBaseURL)
		u, err := ParseBaseURL(registry)
		if err != nil || origin(u) != origin(live) || u.Path != "" {
			return "", false
		}
		web = DefaultWebURL
	}
	base, err := ParseBaseURL(web)
	if err != nil {
		return "", false
	}
	path, query := webPath(res)
	if path == "" {
		return "", false
	}
	u := *base
	u.Path = base.Path + path
	u.RawPath = ""
	u.RawQuery = query
	return u.String(), true
}

// WebURL is the address of res on the registry's public web site, when
// this client's registry is the live one; see the function WebURL.
func (c *Client) WebURL(res Resource) (string, bool) {
	return WebURL(c.BaseURL(), "", res)
}

// webPath is the web site's path and query of a resource: its row's web
// page, with its company, ID and query filled in; a resource without one
// gives its company's page.
func webPath(res Resource) (path, query string) {
	web := res.Kind.row().web
	if web == "" {
		if res.Number == "" {
			return "", ""
		}
		web = "/company/{n}"
	}
	if strings.Contains(web, "{q}") {
		q := SearchQuery(res.Link)
		if strings.TrimSpace(q) == "" {
			return "", ""
		}
		web = strings.ReplaceAll(web, "{q}", url.QueryEscape(q))
	}
	web = strings.NewReplacer("{n}", string(res.Number), "{id}", res.ID).Replace(web)
	path, query, _ = strings.Cut(web, "?")
	return path, query
}
