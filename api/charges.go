package api

import "context"

// Charges is a page of a company's charges (mortgages and other security
// given to lenders). The list has no paging members of its own: the page
// is the one asked for. TotalCount counts what the request's filter let
// through (?filter=outstanding leaves out satisfied charges); the other
// counts are for the whole register.
type Charges struct {
	ListInfo
	TotalCount         *int     `json:"total_count"`
	UnfilteredCount    *int     `json:"unfiltered_count"`
	SatisfiedCount     *int     `json:"satisfied_count"`
	PartSatisfiedCount *int     `json:"part_satisfied_count"`
	Items              []Charge `json:"items"`
}

// Total is the number of charges in the whole (filtered) list, or -1 if
// not said.
func (c *Charges) Total() int { return intOr(c.TotalCount, -1) }

// Outstanding is the number of charges neither satisfied nor part
// satisfied, and whether it can be told. The registry sends no
// outstanding_count. Its own company report (the document generator's
// mortgage totals) computes it as unfiltered − satisfied − part satisfied,
// so that outstanding, part satisfied and satisfied add up to the total,
// and so does this. (unfiltered − satisfied, as the reference suggests,
// is what ?filter=outstanding lists: it counts a part-satisfied charge as
// outstanding too, and shown beside the part-satisfied count it would
// count those charges twice.) The registry fills in counts it could not
// look up as 0, so a register whose counts say fewer charges than it
// lists cannot be told.
func (c *Charges) Outstanding() (int, bool) {
	if c.UnfilteredCount == nil || c.SatisfiedCount == nil || c.PartSatisfiedCount == nil {
		return 0, false
	}
	n := *c.UnfilteredCount - *c.SatisfiedCount - *c.PartSatisfiedCount
	if n < 0 || *c.UnfilteredCount < c.StartIndex+len(c.Items) || *c.UnfilteredCount < intOr(c.TotalCount, 0) {
		return 0, false
	}
	return n, true
}

// Charge is one charge, in the list or fetched at its self link. Status is
// normally one key (outstanding, fully-satisfied, part-satisfied,
// satisfied); it is read as a list because status members elsewhere on the
// registry come as arrays too.
type Charge struct {
	ID                          string             `json:"id"`
	ChargeCode                  string             `json:"charge_code"`
	ChargeNumber                FlexString         `json:"charge_number"`
	Classification              *ChargeDescription `json:"classification"`
	Status                      StringList         `json:"status"`
	CreatedOn                   string             `json:"created_on"`
	DeliveredOn                 string             `json:"delivered_on"`
	SatisfiedOn                 string             `json:"satisfied_on"`
	AcquiredOn                  string             `json:"acquired_on"`
	ResolvedOn                  string             `json:"resolved_on"`
	CoveringInstrumentDate      string             `json:"covering_instrument_date"`
	Particulars                 *ChargeParticulars `json:"particulars"`
	SecuredDetails              *ChargeDescription `json:"secured_details"`
	PersonsEntitled             []PersonEntitled   `json:"persons_entitled"`
	MoreThanFourPersonsEntitled *bool              `json:"more_than_four_persons_entitled"`
	AssetsCeasedReleased        string             `json:"assets_ceased_released"`
	ScottishAlterations         *struct {
		HasAlterationsToOrder        *bool `json:"has_alterations_to_order"`
		HasAlterationsToProhibitions *bool `json:"has_alterations_to_prohibitions"`
		HasRestrictingProvisions     *bool `json:"has_restricting_provisions"`
	} `json:"scottish_alterations"`
	Transactions    []ChargeTransaction `json:"transactions"`
	InsolvencyCases []struct {
		CaseNumber    FlexString `json:"case_number"`
		TransactionID FlexString `json:"transaction_id"`
		Links         struct {
			Case string `json:"case"`
		} `json:"links"`
	} `json:"insolvency_cases"`
	Etag  string `json:"etag"`
	Links struct {
		Self string `json:"self"`
	} `json:"links"`
}

// ChargeDescription is a typed free text: a classification
// (charge-description or nature-of-charge) or what is secured
// (amount-secured or obligations-secured).
type ChargeDescription struct {
	Type        string `json:"type"`
	Description string `json:"description"`
}

// ChargeParticulars describe the property charged. The flags are what the
// charge form ticks; nil means the registry did not say.
type ChargeParticulars struct {
	Type                       string `json:"type"`
	Description                string `json:"description"`
	ContainsFixedCharge        *bool  `json:"contains_fixed_charge"`
	ContainsFloatingCharge     *bool  `json:"contains_floating_charge"`
	FloatingChargeCoversAll    *bool  `json:"floating_charge_covers_all"`
	ContainsNegativePledge     *bool  `json:"contains_negative_pledge"`
	ChargorActingAsBareTrustee *bool  `json:"chargor_acting_as_bare_trustee"`
}

// PersonEntitled is a lender (or trustee for lenders) a charge secures.
type PersonEntitled struct {
	Name string `json:"name"`
}

// ChargeTransaction is a filing about the charge: its creation,
// satisfaction, release. Links.Filing leads to the filing-history item.
type ChargeTransaction struct {
	FilingType           string     `json:"filing_type"`
	TransactionID        FlexString `json:"transaction_id"`
	DeliveredOn          string     `json:"delivered_on"`
	InsolvencyCaseNumber FlexString `json:"insolvency_case_number"`
	Links                struct {
		Filing         string `json:"filing"`
		InsolvencyCase string `json:"insolvency_case"`
	} `json:"links"`
}

// chargesSettle keeps the page that was asked for: the live list does
// not echo the page it is, and paging and Outstanding need to know where
// it is.
func chargesSettle(c *Charges, page Page) {
	if c.StartIndex == 0 {
		c.StartIndex = page.StartIndex
	}
	if c.ItemsPerPage == 0 {
		c.ItemsPerPage = page.ItemsPerPage
	}
}

// Charges fetches a page of the charges a profile links to. A company
// without charges is answered with 200 and total_count 0, and was answered
// with 404 in the past; both are an answer with Empty set.
func (c *Client) Charges(ctx context.Context, link string, page Page) (*Charges, error) {
	return fetchAs[*Charges](ctx, c, ResCharges, link, page)
}

// Charge fetches one charge at its self link.
func (c *Client) Charge(ctx context.Context, link string) (*Charge, error) {
	return fetchAs[*Charge](ctx, c, ResCharge, link, Page{})
}
