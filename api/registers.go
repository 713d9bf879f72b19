package api

import (
	"context"
	"sort"
)

// Registers say where a company keeps its statutory registers, when it
// does not keep them at its registered office: on the public register at
// the registry, or at an inspection address (SAIL). Registers is keyed by
// the register's member name (directors, members...); a key the registry
// adds later is kept too.
type Registers struct {
	DocumentInfo
	CompanyNumber string `json:"company_number"`
	Links         struct {
		Self string `json:"self"`
	} `json:"links"`
	Registers map[string]Register `json:"registers"`
}

// The registers the registry is known to send, in the order Keys lists
// them.
const (
	RegisterDirectors                  = "directors"
	RegisterSecretaries                = "secretaries"
	RegisterPSC                        = "persons_with_significant_control"
	RegisterUsualResidentialAddress    = "usual_residential_address"
	RegisterMembers                    = "members"
	RegisterLLPMembers                 = "llp_members"
	RegisterLLPUsualResidentialAddress = "llp_usual_residential_address"
)

var registerOrder = []string{
	RegisterDirectors, RegisterSecretaries, RegisterPSC, RegisterUsualResidentialAddress,
	RegisterMembers, RegisterLLPMembers, RegisterLLPUsualResidentialAddress,
}

// Register is one register's history of moves, newest first as sent.
// RegisterType is the register's name written with hyphens.
type Register struct {
	RegisterType string            `json:"register_type"`
	Items        []RegisterMove    `json:"items"`
	Links        map[string]string `json:"links"`
}

// RegisterMove is one move of a register. RegisterMovedTo is one of
// public-register, registered-office, single-alternative-inspection-location
// or unspecified-location; Links.Filing is the filing that moved it.
type RegisterMove struct {
	MovedOn         string `json:"moved_on"`
	RegisterMovedTo string `json:"register_moved_to"`
	Links           struct {
		Filing string `json:"filing"`
	} `json:"links"`
}

// Current is the register's latest move (the one with the latest date,
// whatever order the items came in), and whether there is one.
func (r Register) Current() (RegisterMove, bool) {
	var latest RegisterMove
	found := false
	for _, m := range r.Items {
		if !found || m.MovedOn > latest.MovedOn {
			latest, found = m, true
		}
	}
	return latest, found
}

// Keys lists the registers present: the known ones in a fixed order, then
// any others by name.
func (r *Registers) Keys() []string {
	var keys, others []string
	for _, k := range registerOrder {
		if _, ok := r.Registers[k]; ok {
			keys = append(keys, k)
		}
	}
	for k := range r.Registers {
		known := false
		for _, o := range registerOrder {
			known = known || k == o
		}
		if !known {
			others = append(others, k)
		}
	}
	sort.Strings(others)
	return append(keys, others...)
}

// Registers fetches the registers a profile links to. Most companies keep
// their registers at the registered office and have no such resource: the
// registry answers 404, which is an answer with Empty set.
func (c *Client) Registers(ctx context.Context, link string) (*Registers, error) {
	return fetchAs[*Registers](ctx, c, ResRegisters, link, Page{})
}
