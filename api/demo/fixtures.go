package demo

import (
	"bytes"
	"compress/gzip"
	"crypto/sha1"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
)

//go:generate go run gen_fixtures.go

// fixtureFiles holds one directory per demo company, named by its number.
//
//go:embed fixtures/*/*.json fixtures/*/*.json.gz
var fixtureFiles embed.FS

// The files a company directory may hold. profile.json is served as stored.
// The list files hold the whole list as {"items":[...]} and are cut into
// pages, with counts worked out here so they cannot disagree with the items.
// The document files are whole response bodies, served as stored.
const (
	profileFile       = "profile.json"
	officersFile      = "officers.json"
	filingHistoryFile = "filing-history.json"
	pscStatementsFile = "persons-with-significant-control-statements.json"
	pscsFile          = "persons-with-significant-control.json"
	chargesFile       = "charges.json"
)

// documentNotFound maps each document resource (the file name without .json,
// which is also the last path segment) to the error key a company without it
// gets, or to "" when a company without it gets an empty list. The live
// registry answers 404 rather than an empty list for the first three.
var documentNotFound = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"insolvency":        "company-insolvencies-not-found",
		"exemptions":        "company-exemptions-not-found",
		"registers":         "company-registers-not-found",
		"uk-establishments": "",
	}
})

// emptyDocument is the body a company without the resource gets, for
// those the registry answers with an empty list: a company with no UK
// establishments has a list of none ("related-companies").
func emptyDocument(resource, number string) any {
	return ukEstablishmentList{
		Kind:  "related-companies",
		Links: selfLink{Self: "/company/" + number + "/" + resource},
		Items: []json.RawMessage{},
	}
}

// ukEstablishmentList is the registry's list of an overseas company's UK
// establishments.
type ukEstablishmentList struct {
	Etag  string            `json:"etag,omitempty"`
	Kind  string            `json:"kind"`
	Links selfLink          `json:"links"`
	Items []json.RawMessage `json:"items"`
}

// company is one demo company, loaded and indexed.
type company struct {
	number  string
	name    string
	status  string
	profile []byte

	officers                   []json.RawMessage
	officerFacts               []officerFacts // of each officer, for order_by and register_type
	officersEtag               string
	active, resigned, inactive int
	filingHistoryStatus        string
	filings                    []json.RawMessage
	filingCategories           []string // of each filing, for ?category=
	filingsEtag                string
	pscStatements              []json.RawMessage // nil: none, the list is a 404
	pscActive, pscCeased       int               // of the statements

	// The persons with significant control themselves. None (no file) is
	// an empty list, as live; pscsCountsMissing leaves the counts out, as
	// when the registry's counts service fails.
	pscs                   []json.RawMessage
	pscsActive, pscsCeased int
	pscsCountsMissing      bool
	// pscExempt: the company has an exemption from keeping a PSC register
	// in force, so its PSC list links to its exemptions, as live.
	pscExempt bool

	charges                                []json.RawMessage // nil: no file, the list is a 404
	chargeStatuses                         []string          // of each charge, for ?filter=outstanding
	chargesEtag                            string
	chargesSatisfied, chargesPartSatisfied int

	documents map[string][]byte

	// A living company (living.go) makes its filing history a page at a
	// time and finds its items itself; nil for every other company.
	filingPage func(page) (items []json.RawMessage, total int)
	itemAt     func(path string) (json.RawMessage, bool)
}

// registry is everything the handler serves.
type registry struct {
	companies map[string]*company
	// items maps the self link of every list item (an appointment, a
	// filing, a PSC statement, a charge) to the item, which is what a GET of
	// that link returns.
	items map[string]json.RawMessage
	// officers maps an officer id to that person's appointments across the
	// demo companies.
	officers map[string]*officerAppointments
}

// fixtures loads the embedded fixtures once, on first use. The fixtures are
// part of the program, so a broken one is a bug and panics; the package tests
// load them on every run.
var fixtureRegistry = sync.OnceValue(func() *registry {
	reg, err := loadRegistry(fixtureFiles)
	if err != nil {
		panic("demo: " + err.Error())
	}
	return reg
})

func fixtures() *registry { return fixtureRegistry() }

func loadRegistry(fsys fs.FS) (*registry, error) {
	reg := &registry{
		companies: make(map[string]*company),
		items:     make(map[string]json.RawMessage),
	}
	dirs, err := fs.ReadDir(fsys, "fixtures")
	if err != nil {
		return nil, err
	}
	for _, d := range dirs {
		if !slices.Contains(Numbers(), d.Name()) {
			return nil, fmt.Errorf("fixtures/%s is not in the catalogue", d.Name())
		}
	}
	var all []*company
	for _, number := range Numbers() {
		c, err := loadCompany(fsys, number, reg.items)
		if err != nil {
			return nil, fmt.Errorf("fixtures/%s: %w", number, err)
		}
		reg.companies[number] = c
		all = append(all, c)
	}
	// The generated companies with officers are not kept (they are made
	// up again on each request), but their officers are indexed, and each
	// officer item is filed under its self link like a fixture's.
	for _, c := range generatedWithOfficers() {
		for _, item := range c.officers {
			var it struct {
				Links selfLink `json:"links"`
			}
			if err := json.Unmarshal(item, &it); err != nil {
				return nil, fmt.Errorf("generated company %s: %w", c.number, err)
			}
			reg.items[it.Links.Self] = item
		}
		all = append(all, c)
	}
	reg.officers, err = indexOfficers(all)
	if err != nil {
		return nil, err
	}
	return reg, nil
}

func loadCompany(fsys fs.FS, number string, items map[string]json.RawMessage) (*company, error) {
	dir := path.Join("fixtures", number)
	files, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	c := &company{number: number, documents: make(map[string][]byte)}
	for _, f := range files {
		name := f.Name()
		data, err := fs.ReadFile(fsys, path.Join(dir, name))
		if err != nil {
			return nil, err
		}
		if base, ok := strings.CutSuffix(name, ".gz"); ok {
			// Large generated lists are kept compressed to keep the binary small.
			if data, err = gunzip(data); err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			name = base
		}
		if !json.Valid(data) {
			return nil, fmt.Errorf("%s is not valid JSON", name)
		}
		if err := c.add(name, data, items); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	if c.profile == nil {
		return nil, fmt.Errorf("no %s", profileFile)
	}
	if err := c.countOfficers(); err != nil {
		return nil, err
	}
	if err := c.readExemptions(); err != nil {
		return nil, err
	}
	if c.filingHistoryStatus == "" {
		// A company with nothing on file still has its history "available";
		// only the fixture can say the registry cannot answer.
		c.filingHistoryStatus = "filing-history-available"
	}
	return c, nil
}

// add takes in one fixture file of the company.
func (c *company) add(name string, data []byte, items map[string]json.RawMessage) error {
	switch name {
	case profileFile:
		var p struct {
			CompanyNumber string `json:"company_number"`
			CompanyName   string `json:"company_name"`
			CompanyStatus string `json:"company_status"`
		}
		if err := json.Unmarshal(data, &p); err != nil {
			return err
		}
		if p.CompanyNumber != c.number {
			return fmt.Errorf("company_number is %q", p.CompanyNumber)
		}
		c.profile, c.name, c.status = data, p.CompanyName, p.CompanyStatus
		return nil
	case officersFile:
		list, err := readList(c.number, data, items)
		if err != nil {
			return err
		}
		c.officers, c.officersEtag = list.Items, etag(c.number, name, string(data))
		return nil
	case filingHistoryFile:
		list, err := readList(c.number, data, items)
		if err != nil {
			return err
		}
		c.filings, c.filingsEtag, c.filingHistoryStatus = list.Items, etag(c.number, name, string(data)), list.FilingHistoryStatus
		c.filingCategories, err = readFilingCategories(list.Items)
		return err
	case pscStatementsFile:
		list, err := readList(c.number, data, items)
		if err != nil {
			return err
		}
		if len(list.Items) == 0 {
			return fmt.Errorf("no statements: leave the file out so the list is a 404, as live")
		}
		c.pscStatements = list.Items
		for _, s := range list.Items {
			var st struct {
				CeasedOn string `json:"ceased_on"`
			}
			if err := json.Unmarshal(s, &st); err != nil {
				return err
			}
			if st.CeasedOn != "" {
				c.pscCeased++
			} else {
				c.pscActive++
			}
		}
		return nil
	case pscsFile:
		return c.addPSCs(data, items)
	case chargesFile:
		return c.addCharges(data, items)
	}
	resource, ok := strings.CutSuffix(name, ".json")
	if _, known := documentNotFound()[resource]; !ok || !known {
		return fmt.Errorf("unexpected fixture file")
	}
	c.documents[resource] = data
	return nil
}

// closedStatuses are the company statuses after which nobody holds office:
// the live registry then counts officers who never resigned as inactive.
var closedStatuses = []string{"dissolved", "closed", "converted-closed"}

func (c *company) countOfficers() error {
	closed := slices.Contains(closedStatuses, c.status)
	c.officerFacts = make([]officerFacts, len(c.officers))
	for i, o := range c.officers {
		off, err := readOfficerFacts(o)
		if err != nil {
			return fmt.Errorf("%s item %d: %w", officersFile, i, err)
		}
		c.officerFacts[i] = off
		switch {
		case off.resignedOn != "":
			c.resigned++
		case closed:
			c.inactive++
		default:
			c.active++
		}
	}
	return nil
}

// list is the stored form of a list resource: all its items, and for filing
// history the registry's word on whether it holds any.
type list struct {
	FilingHistoryStatus string            `json:"filing_history_status"`
	CountsMissing       bool              `json:"counts_missing"`
	Items               []json.RawMessage `json:"items"`
}

// readList decodes a list of the company with the given number and files
// each item under its self link, so that following the link finds it. Items
// are compacted, so that an item reads the same alone as in a page.
func readList(number string, data []byte, items map[string]json.RawMessage) (list, error) {
	var l list
	if err := json.Unmarshal(data, &l); err != nil {
		return l, err
	}
	for i, item := range l.Items {
		var compact bytes.Buffer
		if err := json.Compact(&compact, item); err != nil {
			return l, fmt.Errorf("item %d: %w", i, err)
		}
		item = compact.Bytes()
		l.Items[i] = item
		var it struct {
			Links struct {
				Self string `json:"self"`
			} `json:"links"`
		}
		if err := json.Unmarshal(item, &it); err != nil {
			return l, fmt.Errorf("item %d: %w", i, err)
		}
		if !strings.HasPrefix(it.Links.Self, "/company/"+number+"/") {
			return l, fmt.Errorf("item %d: links.self %q is not a path under its company", i, it.Links.Self)
		}
		if _, dup := items[it.Links.Self]; dup {
			return l, fmt.Errorf("item %d: %s is used twice", i, it.Links.Self)
		}
		items[it.Links.Self] = item
	}
	return l, nil
}

// etag makes a stable opaque version tag, like the 40-hex-digit ones live,
// that changes whenever the fixture does.
func etag(parts ...string) string {
	h := sha1.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

func gunzip(data []byte) ([]byte, error) {
	r, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}
