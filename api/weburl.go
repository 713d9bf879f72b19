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

// webPath maps a resource to the web site's path and query: the site's
// pages mirror the REST paths, with a few exceptions.
func webPath(res Resource) (path, query string) {
	company := "/company/" + string(res.Number)
	switch res.Kind {
	case ResOfficers, ResOfficer:
		return company + "/officers", ""
	case ResFilings:
		return company + "/filing-history", ""
	case ResFiling:
		return company + "/filing-history/" + res.ID + "/document", "format=pdf&download=0"
	case ResPSCs, ResPSC, ResPSCStatements, ResPSCStatement:
		return company + "/persons-with-significant-control", ""
	case ResCharges:
		return company + "/charges", ""
	case ResCharge:
		return company + "/charges/" + res.ID, ""
	case ResInsolvency:
		return company + "/insolvency", ""
	case ResRegisters:
		return company + "/registers", ""
	case ResAppointments:
		return "/officers/" + res.ID + "/appointments", ""
	case ResSearch, ResSearchCompanies, ResSearchOfficers:
		u, err := url.Parse(res.Link)
		if err != nil {
			return "", ""
		}
		q := u.Query().Get("q")
		if strings.TrimSpace(q) == "" {
			return "", ""
		}
		return u.Path, url.Values{"q": {q}}.Encode()
	}
	if res.Number != "" {
		return company, ""
	}
	return "", ""
}
