package api

import "context"

// Insolvency is a company's insolvency record: every case (liquidation,
// administration, voluntary arrangement...) with its dates and the
// practitioners appointed. Status is an array in live data
// (["in-administration"]) though the spec says a string; both are read.
type Insolvency struct {
	DocumentInfo
	Status StringList       `json:"status"`
	Cases  []InsolvencyCase `json:"cases"`
}

// InsolvencyCase is one case. Type is a key such as
// creditors-voluntary-liquidation; Number is a number in some answers and
// a string in others.
type InsolvencyCase struct {
	Type          string           `json:"type"`
	Number        FlexString       `json:"number"`
	Dates         []InsolvencyDate `json:"dates"`
	Notes         []string         `json:"notes"`
	Practitioners []Practitioner   `json:"practitioners"`
	Links         struct {
		Charge string `json:"charge"`
	} `json:"links"`
}

// InsolvencyDate is one dated event of a case; Type is a key such as
// wound-up-on or due-to-be-dissolved-on.
type InsolvencyDate struct {
	Type string `json:"type"`
	Date string `json:"date"`
}

// Practitioner is an insolvency practitioner appointed to a case. The same
// practitioners recur across companies, so their names and addresses are
// worth showing in full.
type Practitioner struct {
	Name          string   `json:"name"`
	Role          string   `json:"role"`
	AppointedOn   string   `json:"appointed_on"`
	CeasedToActOn string   `json:"ceased_to_act_on"`
	Address       *Address `json:"address"`
}

// Insolvency fetches the insolvency record a profile links to. The
// registry answers 404 when there is none, which is an answer with Empty
// set, as is a record without cases.
func (c *Client) Insolvency(ctx context.Context, link string) (*Insolvency, error) {
	return fetchAs[*Insolvency](ctx, c, ResInsolvency, link, Page{})
}
