package demo

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
)

// officerFacts are what the officer list is sorted and filtered by, read
// from each officer item once, when the company is loaded.
type officerFacts struct {
	role, appointedOn, resignedOn, surname, forenames string
}

func readOfficerFacts(item json.RawMessage) (officerFacts, error) {
	var o struct {
		Name         string `json:"name"`
		OfficerRole  string `json:"officer_role"`
		AppointedOn  string `json:"appointed_on"`
		ResignedOn   string `json:"resigned_on"`
		NameElements *struct {
			Surname  string `json:"surname"`
			Forename string `json:"forename"`
		} `json:"name_elements"`
	}
	if err := json.Unmarshal(item, &o); err != nil {
		return officerFactsZero, err
	}
	f := officerFacts{role: o.OfficerRole, appointedOn: o.AppointedOn, resignedOn: o.ResignedOn}
	// "SURNAME, Forenames" for a person; a corporate officer's name is
	// the company's, and sorts whole.
	surname, forenames, _ := strings.Cut(o.Name, ",")
	f.surname, f.forenames = strings.ToUpper(strings.TrimSpace(surname)), strings.TrimSpace(forenames)
	if e := o.NameElements; e != nil && e.Surname != "" {
		f.surname, f.forenames = strings.ToUpper(e.Surname), e.Forename
	}
	return f, nil
}

var officerFactsZero officerFacts

// officerOrders are the orders the registry's officer list can be asked
// for (order_by): the latest appointed or resigned first, or by surname;
// anything else is refused with 400, as live. Officers without a
// resignation come after those with one, as the registry's database sorts
// a missing date below any other.
var officerOrders = sync.OnceValue(func() map[string]func(a, b officerFacts) int {
	return map[string]func(a, b officerFacts) int{
		"appointed_on": func(a, b officerFacts) int { return strings.Compare(b.appointedOn, a.appointedOn) },
		"resigned_on":  func(a, b officerFacts) int { return strings.Compare(b.resignedOn, a.resignedOn) },
		"surname": func(a, b officerFacts) int {
			if c := strings.Compare(a.surname, b.surname); c != 0 {
				return c
			}
			return strings.Compare(a.forenames, b.forenames)
		},
	}
})

// registerRoles are the officers each register_type lists.
var registerRoles = sync.OnceValue(func() map[string]func(role string) bool {
	return map[string]func(role string) bool{
		"directors":   func(r string) bool { return strings.Contains(r, "director") },
		"secretaries": func(r string) bool { return strings.Contains(r, "secretary") },
		"llp_members": func(r string) bool {
			return strings.Contains(r, "llp-member") || strings.Contains(r, "llp-designated-member")
		},
	}
})

// registerHeldAtRegistry says whether the company's register of this type
// (directors, secretaries, llp_members, persons_with_significant_control)
// is now on the public register: its latest move (registers.json) was to
// public-register. Only such a register has a register view; the
// registry's appointments and PSC services answer 404 ("Register not held
// at Companies House") for any other, a company that keeps every register
// at its office included.
func (c *company) registerHeldAtRegistry(registerType string) bool {
	var doc struct {
		Registers map[string]struct {
			Items []struct {
				MovedOn string `json:"moved_on"`
				MovedTo string `json:"register_moved_to"`
			} `json:"items"`
		} `json:"registers"`
	}
	if err := json.Unmarshal(c.documents["registers"], &doc); err != nil {
		return false
	}
	latest, movedTo := "", ""
	for _, m := range doc.Registers[registerType].Items {
		if m.MovedOn >= latest {
			latest, movedTo = m.MovedOn, m.MovedTo
		}
	}
	return movedTo == "public-register"
}

// selectOfficers applies the officer list's query: register_type (only
// the officers of one register), register_view=true (that register as the
// company keeps it: its current officers; register_type is then
// required, and only a register held at the registry has a view: 404
// otherwise), filter=active (the current officers) and order_by. It
// answers 400 itself, naming the parameter, to what the registry refuses.
func (c *company) selectOfficers(w http.ResponseWriter, r *http.Request) ([]json.RawMessage, bool) {
	q := r.URL.Query()
	keep := make([]int, 0, len(c.officers))
	for i := range c.officers {
		keep = append(keep, i)
	}
	registerType := q.Get("register_type")
	inRegister, known := registerRoles()[registerType]
	if registerType != "" && !known {
		writeBadParameter(w, "register_type", "register_type must be one of directors, secretaries, llp_members")
		return nil, false
	}
	view := q.Get("register_view")
	switch view {
	case "", "false", "true":
	default:
		writeBadParameter(w, "register_view", "register_view must be true or false")
		return nil, false
	}
	if view == "true" && registerType == "" {
		writeBadParameter(w, "register_type", "register_type is required when register_view is true")
		return nil, false
	}
	if view == "true" && !c.registerHeldAtRegistry(registerType) {
		notFound(w)
		return nil, false
	}
	filter := q.Get("filter")
	if filter != "" && filter != "active" {
		writeBadParameter(w, "filter", "filter must be active")
		return nil, false
	}
	orderBy := q.Get("order_by")
	order, ok := officerOrders()[orderBy]
	if orderBy != "" && !ok {
		writeBadParameter(w, "order_by", fmt.Sprintf("order_by %q is not one of appointed_on, resigned_on, surname", orderBy))
		return nil, false
	}
	keep = slices.DeleteFunc(keep, func(i int) bool {
		f := c.officerFacts[i]
		switch {
		case registerType != "" && !inRegister(f.role):
			return true
		case (view == "true" || filter == "active") && f.resignedOn != "":
			return true
		}
		return false
	})
	if order != nil {
		slices.SortStableFunc(keep, func(a, b int) int { return order(c.officerFacts[a], c.officerFacts[b]) })
	}
	out := make([]json.RawMessage, len(keep))
	for j, i := range keep {
		out[j] = c.officers[i]
	}
	return out, true
}
