package api

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
)

// Page asks for part of a list: StartIndex is 0-based, ItemsPerPage 0 means
// the registry's default (25 or 35; 100 at most for most lists).
type Page struct {
	StartIndex   int
	ItemsPerPage int
}

func (p Page) query() url.Values {
	q := url.Values{}
	if p.ItemsPerPage > 0 {
		q.Set("items_per_page", strconv.Itoa(p.ItemsPerPage))
	}
	if p.StartIndex > 0 {
		q.Set("start_index", strconv.Itoa(p.StartIndex))
	}
	return q
}

// ListInfo is what every list answer says about its paging.
type ListInfo struct {
	Etag         string `json:"etag"`
	Kind         string `json:"kind"`
	ItemsPerPage int    `json:"items_per_page"`
	StartIndex   int    `json:"start_index"`

	// Empty, when set, says why the list has nothing in it ("nothing
	// there" is an answer, not an error).
	Empty string `json:"-"`
	// Raw is the body as received; Unreadable as for Profile.
	Raw        []byte   `json:"-"`
	Unreadable []string `json:"-"`
}

// Officers is a page of a company's officers.
type Officers struct {
	ListInfo
	TotalResults  *int      `json:"total_results"`
	ActiveCount   *int      `json:"active_count"`
	ResignedCount *int      `json:"resigned_count"`
	InactiveCount *int      `json:"inactive_count"`
	Items         []Officer `json:"items"`
}

// Total is the number of officers in the whole list, or -1 if not said.
func (o *Officers) Total() int { return intOr(o.TotalResults, -1) }

// Officer is one appointment on a company's officer list.
type Officer struct {
	Name                 string       `json:"name"`
	OfficerRole          string       `json:"officer_role"`
	AppointedOn          string       `json:"appointed_on"`
	AppointedBefore      string       `json:"appointed_before"`
	IsPre1992Appointment *bool        `json:"is_pre_1992_appointment"`
	ResignedOn           string       `json:"resigned_on"`
	Nationality          string       `json:"nationality"`
	Occupation           string       `json:"occupation"`
	CountryOfResidence   string       `json:"country_of_residence"`
	DateOfBirth          *PartialDate `json:"date_of_birth"`
	Address              *Address     `json:"address"`
	PersonNumber         string       `json:"person_number"`
	Identification       *struct {
		IdentificationType string `json:"identification_type"`
		RegistrationNumber string `json:"registration_number"`
		LegalAuthority     string `json:"legal_authority"`
		LegalForm          string `json:"legal_form"`
		PlaceRegistered    string `json:"place_registered"`
	} `json:"identification"`
	FormerNames []struct {
		Forenames string `json:"forenames"`
		Surname   string `json:"surname"`
	} `json:"former_names"`
	// IdentityVerification is the officer's identity verification, when
	// the registry says anything of it.
	IdentityVerification *IdentityVerification `json:"identity_verification_details"`
	Links                OfficerLinks          `json:"links"`
}

// OfficerLinks point to the appointment itself and to all of the officer's
// appointments.
type OfficerLinks struct {
	Self    string `json:"self"`
	Officer *struct {
		Appointments string `json:"appointments"`
	} `json:"officer"`
}

// Appointments is the link to all of this officer's appointments, or "".
func (l OfficerLinks) Appointments() string {
	if l.Officer == nil {
		return ""
	}
	return l.Officer.Appointments
}

// PartialDate is a month and year without a day (officers' dates of birth).
type PartialDate struct {
	Month FlexString `json:"month"`
	Year  FlexString `json:"year"`
}

// FilingHistory is a page of a company's filing history.
type FilingHistory struct {
	ListInfo
	FilingHistoryStatus string       `json:"filing_history_status"`
	TotalCount          *int         `json:"total_count"`
	Items               []FilingItem `json:"items"`
}

// Total is the number of filings in the whole list, or -1 if not said.
func (f *FilingHistory) Total() int { return intOr(f.TotalCount, -1) }

// FilingItem is one filing. Description is a key to be rendered with
// DescriptionValues; "legacy" filings carry their text in values.
type FilingItem struct {
	TransactionID     string                     `json:"transaction_id"`
	Barcode           string                     `json:"barcode"`
	Type              string                     `json:"type"`
	Date              string                     `json:"date"`
	ActionDate        string                     `json:"action_date"`
	Category          string                     `json:"category"`
	Subcategory       StringList                 `json:"subcategory"`
	Description       string                     `json:"description"`
	DescriptionValues map[string]json.RawMessage `json:"description_values"`
	Pages             *int                       `json:"pages"`
	PaperFiled        *bool                      `json:"paper_filed"`
	Links             struct {
		Self             string `json:"self"`
		DocumentMetadata string `json:"document_metadata"`
	} `json:"links"`
	Annotations []struct {
		Annotation  string `json:"annotation"`
		Date        string `json:"date"`
		Description string `json:"description"`
	} `json:"annotations"`
	// Resolutions and AssociatedFilings go with the filing: the
	// resolutions a RESOLUTIONS filing carries, the filings made with it.
	Resolutions       []FilingPart `json:"resolutions"`
	AssociatedFilings []FilingPart `json:"associated_filings"`
}

// FilingPart is a resolution or an associated filing of a filing: what
// it is in the registry's words and its form, and when.
type FilingPart struct {
	Type              FlexString                 `json:"type"`
	Description       FlexString                 `json:"description"`
	DescriptionValues map[string]json.RawMessage `json:"description_values"`
	Date              FlexString                 `json:"date"`         // an associated filing's
	ReceiveDate       FlexString                 `json:"receive_date"` // a resolution's
}

// Values are the description values that are strings or numbers, as text.
func (p FilingPart) Values() map[string]string { return textValues(p.DescriptionValues) }

// Values are the description values that are strings or numbers, as text.
// Structured values (such as capital figures) are left out.
func (f FilingItem) Values() map[string]string { return textValues(f.DescriptionValues) }

func textValues(values map[string]json.RawMessage) map[string]string {
	out := make(map[string]string, len(values))
	for k, raw := range values {
		var s FlexString
		if json.Unmarshal(raw, &s) == nil && s != "" {
			out[k] = string(s)
		}
	}
	return out
}

// CapitalFigure is one currency's figure in a statement of capital a
// filing carries in its description values (an SH01's "capital": GBP
// 1,250.00), with its date when the registry gives one.
type CapitalFigure struct {
	Currency FlexString `json:"currency"`
	Figure   FlexString `json:"figure"`
	Date     FlexString `json:"date"`
}

// Capital is the statement of capital in a filing's description values:
// its "capital" figures, then any "alt_capital" ones. A value that is not
// a list of figures gives none.
func (f FilingItem) Capital() []CapitalFigure {
	var out []CapitalFigure
	for _, member := range []string{"capital", "alt_capital"} {
		var figures []CapitalFigure
		if raw, ok := f.DescriptionValues[member]; ok && json.Unmarshal(raw, &figures) == nil {
			for _, c := range figures {
				if c.Figure != "" {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// PSCStatements is a page of a company's statements about persons with
// significant control.
type PSCStatements struct {
	ListInfo
	TotalResults *int           `json:"total_results"`
	ActiveCount  *int           `json:"active_count"`
	CeasedCount  *int           `json:"ceased_count"`
	Items        []PSCStatement `json:"items"`
}

// Total is the number of statements in the whole list, or -1 if not said.
func (p *PSCStatements) Total() int { return intOr(p.TotalResults, -1) }

// PSCStatement is one statement; Statement is a key to be put in words.
type PSCStatement struct {
	Statement     string `json:"statement"`
	NotifiedOn    string `json:"notified_on"`
	CeasedOn      string `json:"ceased_on"`
	LinkedPSCName string `json:"linked_psc_name"`
	Etag          string `json:"etag"`
	Links         struct {
		Self string `json:"self"`
		// PersonWithSignificantControl leads to the PSC a statement
		// names (linked_psc_name), when it is on the register.
		PersonWithSignificantControl string `json:"person_with_significant_control"`
	} `json:"links"`
}

// Appointments is a page of one officer's appointments across companies.
type Appointments struct {
	ListInfo
	Name               string        `json:"name"`
	DateOfBirth        *PartialDate  `json:"date_of_birth"`
	IsCorporateOfficer *bool         `json:"is_corporate_officer"`
	TotalResults       *int          `json:"total_results"`
	Items              []Appointment `json:"items"`
}

// Total is the number of appointments in the whole list, or -1 if not said.
func (a *Appointments) Total() int { return intOr(a.TotalResults, -1) }

// Appointment is one company an officer is or was appointed to.
type Appointment struct {
	Name        string `json:"name"`
	OfficerRole string `json:"officer_role"`
	AppointedOn string `json:"appointed_on"`
	// AppointedBefore stands for AppointedOn where the registry does not
	// know the day (appointments from before 1992).
	AppointedBefore string `json:"appointed_before"`
	ResignedOn      string `json:"resigned_on"`
	AppointedTo     struct {
		CompanyNumber string `json:"company_number"`
		CompanyName   string `json:"company_name"`
		CompanyStatus string `json:"company_status"`
	} `json:"appointed_to"`
	Address *Address `json:"address"`
	Links   struct {
		Company string `json:"company"`
	} `json:"links"`
}

func intOr(p *int, d int) int {
	if p == nil {
		return d
	}
	return *p
}

// filingsSettle says why a filing history with nothing in it has
// nothing: a status other than "available" is the reason.
func filingsSettle(f *FilingHistory, _ Page) {
	if f.Empty != "" {
		f.Empty = filingEmptyReason(f.FilingHistoryStatus, f.Empty)
	}
}

func filingEmptyReason(status, none string) string {
	switch {
	case status == "" || status == "filing-history-available":
		return none
	case strings.Contains(status, "not-available"):
		detail := strings.TrimPrefix(status, "filing-history-not-available-")
		detail = strings.ReplaceAll(detail, "-", " ")
		return "Filing history is not available from this registry for this company (" + detail + ")."
	}
	return "No filings are listed (" + strings.ReplaceAll(status, "-", " ") + ")."
}

// getList fetches a page of the list at link and decodes it leniently
// into out, whose ListInfo is info.
func (c *Client) getList(ctx context.Context, link string, page Page, out any, info *ListInfo) error {
	resp, err := c.get(ctx, link, link, page.query())
	if err != nil {
		return err
	}
	bad, err := decodeLenient(resp.Body, out)
	if err != nil {
		return &Error{Kind: KindBadResponse, Subject: link, Status: resp.Status, Reason: err.Error()}
	}
	info.Raw = resp.Body
	info.Unreadable = bad
	return nil
}

// Officers fetches a page of the officer list a profile links to.
// An empty list is an answer with Empty set, not an error.
func (c *Client) Officers(ctx context.Context, link string, page Page) (*Officers, error) {
	return fetchAs[*Officers](ctx, c, ResOfficers, link, page)
}

// FilingHistory fetches a page of a company's filing history. A history
// that is not available for this kind of company (a 404, or total_count 0
// with a not-available status) is an answer with Empty set.
func (c *Client) FilingHistory(ctx context.Context, link string, page Page) (*FilingHistory, error) {
	return fetchAs[*FilingHistory](ctx, c, ResFilings, link, page)
}

// PSCStatements fetches a page of PSC statements. The registry answers 404
// when a company has none, which is an answer with Empty set.
func (c *Client) PSCStatements(ctx context.Context, link string, page Page) (*PSCStatements, error) {
	return fetchAs[*PSCStatements](ctx, c, ResPSCStatements, link, page)
}

// Appointments fetches a page of an officer's appointments (the link in
// an officer's links.officer.appointments).
func (c *Client) Appointments(ctx context.Context, link string, page Page) (*Appointments, error) {
	return fetchAs[*Appointments](ctx, c, ResAppointments, link, page)
}
