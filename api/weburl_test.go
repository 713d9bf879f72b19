package api

import "testing"

func TestWebAddressesExistOnlyForTheLiveRegistry(t *testing.T) {
	route := func(link string) Resource {
		r, err := Route(link)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	web := DefaultWebURL
	tests := []struct {
		name, registry, web string
		res                 Resource
		want                string
	}{
		{"a company", DefaultBaseURL, "", route("/company/00006400"), web + "/company/00006400"},
		{"the live registry spelled with a slash and a port", "https://api.company-information.service.gov.uk:443/", "", route("/company/00006400"), web + "/company/00006400"},
		{"a filing's document page", DefaultBaseURL, "", route("/company/00006400/filing-history/MzM5NzY5NzY0OWFkaXF6a2N4"),
			web + "/company/00006400/filing-history/MzM5NzY5NzY0OWFkaXF6a2N4/document?format=pdf&download=0"},
		{"the filing history", DefaultBaseURL, "", route("/company/00006400/filing-history"), web + "/company/00006400/filing-history"},
		{"an officer's appointments", DefaultBaseURL, "", route("/officers/abc_DEF-1/appointments"), web + "/officers/abc_DEF-1/appointments"},
		{"one officer of a company", DefaultBaseURL, "", route("/company/00006400/appointments/xyz"), web + "/company/00006400/officers"},
		{"a PSC statement", DefaultBaseURL, "", route("/company/00006400/persons-with-significant-control-statements/s1"), web + "/company/00006400/persons-with-significant-control"},
		{"a charge", DefaultBaseURL, "", route("/company/00006400/charges/c1"), web + "/company/00006400/charges/c1"},
		{"exemptions, which have no page", DefaultBaseURL, "", route("/company/00006400/exemptions"), web + "/company/00006400"},
		{"a search", DefaultBaseURL, "", route("/search/companies?q=marzipan+mountain&items_per_page=100"), web + "/search/companies?q=marzipan+mountain"},
		{"a search of the disqualified", DefaultBaseURL, "", route("/search/disqualified-officers?q=grimthorpe"), web + "/search/disqualified-officers?q=grimthorpe"},
		{"a disqualified person's record", DefaultBaseURL, "", route("/disqualified-officers/natural/Ab1_c"), web + "/disqualified-officers/natural/Ab1_c"},
		{"a disqualified corporate body's record", DefaultBaseURL, "", route("/disqualified-officers/corporate/Zy9"), web + "/disqualified-officers/corporate/Zy9"},
		{"a web site given explicitly", "http://127.0.0.1:8080", "http://127.0.0.1:9090/site", route("/company/00006400"), "http://127.0.0.1:9090/site/company/00006400"},
		{"the demo, which has no web site", "http://127.0.0.1:8080", "", route("/company/00006400"), ""},
		{"the live host under a path", DefaultBaseURL + "/proxy", "", route("/company/00006400"), ""},
		{"over plain http", "http://api.company-information.service.gov.uk", "", route("/company/00006400"), ""},
		{"something of no company", DefaultBaseURL, "", route("/something/else"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := WebURL(tt.registry, tt.web, tt.res)
			if got != tt.want || ok != (tt.want != "") {
				t.Errorf("got %q %v, want %q", got, ok, tt.want)
			}
		})
	}
	c := newClient(t, DefaultBaseURL)
	if got, ok := c.WebURL(CompanyResource("00006400")); !ok || got != web+"/company/00006400" {
		t.Errorf("Client.WebURL: %q %v", got, ok)
	}
}
