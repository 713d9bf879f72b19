package demo

import (
	"encoding/json"
	"net/http"
)

// registeredOfficeAddress serves GET /company/{n}/registered-office-address:
// the address in the profile, with the resource's own etag, kind and self
// link, as the registry's registered office address service sends it. A
// company whose profile has none is not found.
func (h *handler) registeredOfficeAddress(w http.ResponseWriter, r *http.Request) {
	c := h.company(w, r)
	if c == nil {
		return
	}
	var p struct {
		Address map[string]any `json:"registered_office_address"`
	}
	if err := json.Unmarshal(c.profile, &p); err != nil || len(p.Address) == 0 {
		writeNotFound(w, "company-registered-office-address-not-found")
		return
	}
	out := map[string]any{}
	for k, v := range p.Address {
		out[k] = v
	}
	self := "/company/" + c.number + "/registered-office-address"
	out["etag"] = etag(c.number, "registered-office-address", string(c.profile))
	out["kind"] = "registered-office-address"
	out["links"] = selfLink{Self: self}
	writeJSON(w, http.StatusOK, out)
}
