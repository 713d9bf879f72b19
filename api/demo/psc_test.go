package demo_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"coview/api/demo"
)

type pscItem struct {
	Kind           string `json:"kind"`
	Name           string `json:"name"`
	Description    string `json:"description"`
	CeasedOn       string `json:"ceased_on"`
	Ceased         any    `json:"ceased"`
	Identification *struct {
		RegistrationNumber string `json:"registration_number"`
		PlaceRegistered    string `json:"place_registered"`
	} `json:"identification"`
	NaturesOfControl []string `json:"natures_of_control"`
	Address          any      `json:"address"`
	Links            struct {
		Self      string `json:"self"`
		Statement string `json:"statement"`
	} `json:"links"`
}

type pscPage struct {
	ItemsPerPage int       `json:"items_per_page"`
	StartIndex   int       `json:"start_index"`
	TotalResults *int      `json:"total_results"`
	ActiveCount  *int      `json:"active_count"`
	CeasedCount  *int      `json:"ceased_count"`
	Items        []pscItem `json:"items"`
	Links        struct {
		Self       string `json:"self"`
		Exemptions string `json:"exemptions"`
	} `json:"links"`
}

func TestPSCLists(t *testing.T) {
	tests := []struct {
		name                  string
		number                string
		total, active, ceased int // -1: the counts are absent
		kinds                 []string
		exemptions            bool
	}{
		{"a holding company has individual, ceased and super-secure PSCs", "00006411", 4, 3, 1,
			[]string{"individual-person-with-significant-control", "super-secure-person-with-significant-control"}, false},
		{"a subsidiary is owned by a corporate PSC and was influenced by a legal person", "00006412", 2, 1, 1,
			[]string{"corporate-entity-person-with-significant-control", "legal-person-person-with-significant-control"}, false},
		{"a list whose counts the registry could not look up comes without them", "00006413", -1, -1, -1,
			[]string{"corporate-entity-person-with-significant-control"}, false},
		{"an overseas entity has every kind of beneficial owner", "OE006415", 4, 3, 1,
			[]string{"individual-beneficial-owner", "corporate-entity-beneficial-owner", "legal-person-beneficial-owner", "super-secure-beneficial-owner"}, false},
		{"a listed company exempt from the register has none, and links to why", "00006401", 0, 0, 0, nil, true},
		{"a company with no PSCs on file answers 200 and an empty list, as live", "00006408", 0, 0, 0, nil, false},
	}
	srv := serve(t, demo.Options{Limit: plenty})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p pscPage
			getJSON(t, srv, "/company/"+tt.number+"/persons-with-significant-control", &p)
			counts := []*int{p.TotalResults, p.ActiveCount, p.CeasedCount}
			for i, want := range []int{tt.total, tt.active, tt.ceased} {
				switch {
				case want < 0 && counts[i] != nil:
					t.Errorf("count %d is %d, want it absent", i, *counts[i])
				case want >= 0 && (counts[i] == nil || *counts[i] != want):
					t.Errorf("count %d is %v, want %d", i, counts[i], want)
				}
			}
			if p.Items == nil || p.ItemsPerPage != 25 || p.Links.Self != "/company/"+tt.number+"/persons-with-significant-control" {
				t.Errorf("items %v, items_per_page %d, links.self %q", p.Items, p.ItemsPerPage, p.Links.Self)
			}
			if (p.Links.Exemptions != "") != tt.exemptions {
				t.Errorf("links.exemptions %q", p.Links.Exemptions)
			}
			kinds := map[string]bool{}
			for _, it := range p.Items {
				kinds[it.Kind] = true
				if !strings.HasPrefix(it.Links.Self, p.Links.Self+"/") {
					t.Errorf("%s: links.self %q is not under the list", it.Name, it.Links.Self)
				}
				if ceased, _ := it.Ceased.(bool); ceased != (it.CeasedOn != "") {
					t.Errorf("%s: ceased %v but ceased_on %q", it.Name, it.Ceased, it.CeasedOn)
				}
				secure := strings.HasPrefix(it.Kind, "super-secure-")
				if secure != (it.Name == "") || (secure && (it.Description == "" || it.Address != nil)) {
					t.Errorf("a PSC of kind %s is named %q, described %q, with address %v", it.Kind, it.Name, it.Description, it.Address)
				}
				if !secure && len(it.NaturesOfControl) == 0 {
					t.Errorf("%s has no natures of control", it.Name)
				}
			}
			for _, k := range tt.kinds {
				if !kinds[k] {
					t.Errorf("no PSC of kind %s", k)
				}
			}
		})
	}
}

// Fetched alone, a super-secure PSC comes in the live shape for one: only
// kind, description, etag, links, and "ceased" as the string "0" or "1".
// Every other PSC reads the same alone as in its list.
func TestPSCsAreServedAtTheirSelfLinks(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	secure := 0
	for _, number := range demo.Numbers() {
		var p struct {
			Items []json.RawMessage `json:"items"`
		}
		getJSON(t, srv, "/company/"+number+"/persons-with-significant-control", &p)
		for _, raw := range p.Items {
			var it pscItem
			json.Unmarshal(raw, &it)
			_, body := get(t, srv, it.Links.Self)
			if !strings.HasPrefix(it.Kind, "super-secure-") {
				if !jsonEqual(t, body, raw) {
					t.Errorf("%s is not the item of the list", it.Links.Self)
				}
				continue
			}
			secure++
			var alone map[string]any
			json.Unmarshal(body, &alone)
			if alone["ceased"] != "0" || alone["kind"] != it.Kind || alone["description"] != it.Description || len(alone) != 5 {
				t.Errorf("%s alone: %s", it.Links.Self, body)
			}
		}
	}
	if secure != 2 {
		t.Errorf("%d super-secure PSCs, want one PSC and one beneficial owner", secure)
	}
}

// 00006407's statement says Dudley Grumble failed to confirm his details;
// the statement and the PSC link to each other.
func TestAStatementAndThePSCItNamesLinkToEachOther(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	var statements struct {
		Items []struct {
			LinkedPSCName string `json:"linked_psc_name"`
			Links         struct {
				Self string `json:"self"`
				PSC  string `json:"person_with_significant_control"`
			} `json:"links"`
		} `json:"items"`
	}
	getJSON(t, srv, "/company/00006407/persons-with-significant-control-statements", &statements)
	s := statements.Items[0]
	var psc pscItem
	getJSON(t, srv, s.Links.PSC, &psc)
	if psc.Name != s.LinkedPSCName || psc.Links.Statement != s.Links.Self {
		t.Errorf("the statement names %q and links to %s; that PSC is %q and links back to %q",
			s.LinkedPSCName, s.Links.PSC, psc.Name, psc.Links.Statement)
	}
}

func TestAPSCPathWithAnotherKindIsNotFound(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	var p pscPage
	getJSON(t, srv, "/company/00006412/persons-with-significant-control", &p)
	self := p.Items[0].Links.Self // a corporate entity
	wrong := strings.Replace(self, "/corporate-entity/", "/individual/", 1)
	if resp, body := get(t, srv, wrong); resp.StatusCode != http.StatusNotFound {
		t.Errorf("%s: status %d, body %s", wrong, resp.StatusCode, body)
	}
	elsewhere := strings.Replace(self, "00006412", "00006411", 1)
	if resp, body := get(t, srv, elsewhere); resp.StatusCode != http.StatusNotFound {
		t.Errorf("another company's PSC under this one: status %d, body %s", resp.StatusCode, body)
	}
}

// A register view of the PSCs is the register as held on the public
// register: the registry answers 404 for a company that keeps its PSC
// register itself, and lists 00006411's, moved there in 2017.
func TestAPSCRegisterViewIsOfARegisterHeldAtTheRegistry(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	var all, view struct {
		Items []pscItem `json:"items"`
	}
	getJSON(t, srv, "/company/00006411/persons-with-significant-control", &all)
	getJSON(t, srv, "/company/00006411/persons-with-significant-control?register_view=true", &view)
	if len(view.Items) == 0 || len(view.Items) != len(all.Items) {
		t.Errorf("00006411's register as held lists %d of its %d PSCs, all notified or ceased since it moved", len(view.Items), len(all.Items))
	}
	for _, number := range []string{"00006412", "00006407", "00006400"} {
		path := "/company/" + number + "/persons-with-significant-control?register_view=true"
		resp, body := get(t, srv, path)
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: status %d, body %s, want 404", path, resp.StatusCode, body)
		}
	}
}
