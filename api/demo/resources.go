package demo

import (
	"encoding/json"
	"net/http"
)

type selfLink struct {
	Self string `json:"self"`
}

// company finds the company a request names (a fixture, or one of the
// generated companies for load tests), or answers 404. Any other number,
// including one that is not 8 characters of [A-Z0-9], is simply not found:
// the live service answers 500 to over-long numbers, which is nothing a
// client should be taught to expect.
func (h *handler) company(w http.ResponseWriter, r *http.Request) *company {
	c := h.reg.companies[r.PathValue("number")]
	if c == nil {
		c = livingCompany(r.PathValue("number"), h.now())
	}
	if c == nil {
		c = generatedCompany(r.PathValue("number"))
	}
	if c == nil {
		writeNotFound(w, "company-profile-not-found")
	}
	return c
}

// profile serves the company profile byte for byte as stored, so that tests
// can compare what a client received with the fixture.
func (h *handler) profile(w http.ResponseWriter, r *http.Request) {
	if c := h.company(w, r); c != nil {
		writeBody(w, http.StatusOK, c.profile)
	}
}

type officerList struct {
	Etag          string            `json:"etag"`
	Kind          string            `json:"kind"`
	Links         selfLink          `json:"links"`
	ItemsPerPage  int               `json:"items_per_page"`
	StartIndex    int               `json:"start_index"`
	TotalResults  int               `json:"total_results"`
	ActiveCount   int               `json:"active_count"`
	ResignedCount int               `json:"resigned_count"`
	InactiveCount int               `json:"inactive_count"`
	Items         []json.RawMessage `json:"items"`
}

// officers serves a page of the company's officers. A company without any
// gets 200 with an empty list and an empty etag, as live.
func (h *handler) officers(w http.ResponseWriter, r *http.Request) {
	c := h.company(w, r)
	if c == nil {
		return
	}
	p, ok := officersPaging.parsePage(w, r.URL.Query())
	if !ok {
		return
	}
	list, ok := c.selectOfficers(w, r)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, officerList{
		Etag:          c.officersEtag,
		Kind:          "officer-list",
		Links:         selfLink{Self: "/company/" + c.number + "/officers"},
		ItemsPerPage:  p.size,
		StartIndex:    p.start,
		TotalResults:  len(list),
		ActiveCount:   c.active,
		ResignedCount: c.resigned,
		InactiveCount: c.inactive,
		Items:         cut(list, p),
	})
}

type filingHistoryList struct {
	Etag                string            `json:"etag"`
	Kind                string            `json:"kind"`
	FilingHistoryStatus string            `json:"filing_history_status"`
	ItemsPerPage        int               `json:"items_per_page"`
	StartIndex          int               `json:"start_index"`
	TotalCount          int               `json:"total_count"`
	Items               []json.RawMessage `json:"items,omitempty"`
}

// filingHistory serves a page of the company's filings, newest first, or
// of those in the categories asked for (?category=accounts,officers). A
// company with none gets 200 with total_count 0 and no items; only its
// filing_history_status says whether that means "none" or "cannot tell".
// Categories none of its filings are in get 404, as live.
func (h *handler) filingHistory(w http.ResponseWriter, r *http.Request) {
	c := h.company(w, r)
	if c == nil {
		return
	}
	p, ok := filingHistoryPaging.parsePage(w, r.URL.Query())
	if !ok {
		return
	}
	var items []json.RawMessage
	var total int
	if c.filingPage != nil && filingCategoryFilter(r) == nil {
		items, total = c.filingPage(p)
	} else {
		list, ok := c.selectFilings(r)
		if !ok {
			writeNotFound(w, "filing-history-not-found")
			return
		}
		items, total = cut(list, p), len(list)
	}
	served := make([]json.RawMessage, len(items))
	for i, item := range items {
		served[i] = h.documentLinks(item)
	}
	writeJSON(w, http.StatusOK, filingHistoryList{
		Etag:                c.filingsEtag,
		Kind:                "filing-history",
		FilingHistoryStatus: c.filingHistoryStatus,
		ItemsPerPage:        p.size,
		StartIndex:          p.start,
		TotalCount:          total,
		Items:               served,
	})
}

type pscStatementList struct {
	ItemsPerPage int               `json:"items_per_page"`
	StartIndex   int               `json:"start_index"`
	TotalResults int               `json:"total_results"`
	ActiveCount  int               `json:"active_count"`
	CeasedCount  int               `json:"ceased_count"`
	Links        selfLink          `json:"links"`
	Items        []json.RawMessage `json:"items"`
}

// pscStatements serves a page of the company's PSC statements. Most
// companies have none, and then the live service answers 404, not an empty
// list.
func (h *handler) pscStatements(w http.ResponseWriter, r *http.Request) {
	c := h.company(w, r)
	if c == nil {
		return
	}
	if c.pscStatements == nil {
		writeNotFound(w, "psc-statements-not-found")
		return
	}
	p, ok := pscStatementsPaging.parsePage(w, r.URL.Query())
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, pscStatementList{
		ItemsPerPage: p.size,
		StartIndex:   p.start,
		TotalResults: len(c.pscStatements),
		ActiveCount:  c.pscActive,
		CeasedCount:  c.pscCeased,
		Links:        selfLink{Self: "/company/" + c.number + "/persons-with-significant-control-statements"},
		Items:        cut(c.pscStatements, p),
	})
}

// document serves a resource stored whole (insolvency, UK
// establishments...), or, when the company has none, 404 or an empty
// list, as live.
func (h *handler) document(resource string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c := h.company(w, r)
		if c == nil {
			return
		}
		body, ok := c.documents[resource]
		if !ok && documentNotFound()[resource] == "" {
			writeJSON(w, http.StatusOK, emptyDocument(resource, c.number))
			return
		}
		if !ok {
			writeNotFound(w, documentNotFound()[resource])
			return
		}
		writeBody(w, http.StatusOK, body)
	}
}

// item serves one item of a list at its self link.
func (h *handler) item(notFound string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c := h.company(w, r)
		if c == nil {
			return
		}
		item, ok := h.reg.items[r.URL.Path]
		if c.itemAt != nil {
			item, ok = c.itemAt(r.URL.Path)
		}
		if !ok {
			writeNotFound(w, notFound)
			return
		}
		writeBody(w, http.StatusOK, h.documentLinks(item))
	}
}

type appointmentList struct {
	Etag               string            `json:"etag"`
	Kind               string            `json:"kind"`
	Name               string            `json:"name"`
	DateOfBirth        *monthYear        `json:"date_of_birth,omitempty"`
	IsCorporateOfficer bool              `json:"is_corporate_officer"`
	ItemsPerPage       int               `json:"items_per_page"`
	StartIndex         int               `json:"start_index"`
	TotalResults       int               `json:"total_results"`
	ActiveCount        int               `json:"active_count"`
	InactiveCount      int               `json:"inactive_count"`
	ResignedCount      int               `json:"resigned_count"`
	Links              selfLink          `json:"links"`
	Items              []json.RawMessage `json:"items"`
}

// appointments serves a page of one officer's appointments across the demo
// companies.
func (h *handler) appointments(w http.ResponseWriter, r *http.Request) {
	if r.PathValue("id") == SerialDirector {
		serialAppointments(w, r, h.now())
		return
	}
	o := h.reg.officers[r.PathValue("id")]
	if o == nil {
		writeNotFound(w, "officer-not-found")
		return
	}
	p, ok := appointmentsPaging.parsePage(w, r.URL.Query())
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, appointmentList{
		Etag:               o.etag,
		Kind:               "personal-appointment",
		Name:               o.name,
		DateOfBirth:        o.dateOfBirth,
		IsCorporateOfficer: o.corporate,
		ItemsPerPage:       p.size,
		StartIndex:         p.start,
		TotalResults:       len(o.items),
		ActiveCount:        o.active,
		InactiveCount:      o.inactive,
		ResignedCount:      o.resigned,
		Links:              selfLink{Self: "/officers/" + o.id + "/appointments"},
		Items:              cut(o.items, p),
	})
}
