package register

import (
	"strings"
	"sync"
)

// The file writes a company's status, category and accounts category in
// words ("Active - Proposal to Strike off", "PRI/LTD BY GUAR/NSC (Private,
// limited by guarantee, no share capital)", "TOTAL EXEMPTION FULL") where
// the registry's API has keys (active, private-limited-guarant-nsc,
// total-exemption-full). They are read back into the keys, so that a
// search for --status active --type ltd means the same offline as live.
// The words are those the registry's files use, and then the registry's
// own words for each key (its api-enumerations' constants.yml), matched
// ignoring case and the spacing around slashes. Words in neither are
// kept as the file has them and counted (Report.Unknown).

// statusOf is the registry's company_status, and company_status_detail
// when the words carry one, for the file's CompanyStatus.
func statusOf(words string) (status, detail string, ok bool) {
	if s, found := wordTables().status[fold(words)]; found {
		return s[0], s[1], true
	}
	return words, "", false
}

// tables are the words' tables, made on first use rather than by every
// run of coview at start-up.
var tables struct {
	once             sync.Once
	status, category map[string][2]string
	accounts         map[string]string
}

func wordTables() *struct {
	once             sync.Once
	status, category map[string][2]string
	accounts         map[string]string
} {
	tables.once.Do(func() {
		tables.status = foldAll(statusWords())
		tables.category = foldAll(categoryWords())
		tables.accounts = accountWords()
	})
	return &tables
}

func statusWords() map[string][2]string {
	return map[string][2]string{
		"Active":                          {"active", ""},
		"Active - Proposal to Strike off": {"active", "active-proposal-to-strike-off"},
		"Liquidation":                     {"liquidation", ""},
		"In Administration":               {"administration", ""},
		"ADMINISTRATION ORDER":            {"administration", ""},
		"In Administration/Administrative Receiver":        {"administration", ""},
		"In Administration/Receiver Manager":               {"administration", ""},
		"Live but Receiver Manager on at least one charge": {"receivership", ""},
		"RECEIVERSHIP":                                    {"receivership", ""},
		"ADMINISTRATIVE RECEIVER":                         {"receivership", ""},
		"RECEIVER MANAGER / ADMINISTRATIVE RECEIVER":      {"receivership", ""},
		"Voluntary Arrangement":                           {"voluntary-arrangement", ""},
		"VOLUNTARY ARRANGEMENT / ADMINISTRATIVE RECEIVER": {"voluntary-arrangement", ""},
		"VOLUNTARY ARRANGEMENT / RECEIVER MANAGER":        {"voluntary-arrangement", ""},
		"VOLUNTARY ARRANGEMENT / RECEIVERSHIP":            {"voluntary-arrangement", ""},
		// The registry's own words (constants.yml, company_status).
		"Dissolved":              {"dissolved", ""},
		"Receiver Action":        {"receivership", ""},
		"Converted / Closed":     {"converted-closed", ""},
		"Insolvency Proceedings": {"insolvency-proceedings", ""},
		"Open":                   {"open", ""},
		"Closed":                 {"closed", ""},
		"Registered":             {"registered", ""},
		"Removed":                {"removed", ""},
	}
}

// CommunityInterestCompany is the subtype the file's category
// "Community Interest Company" stands for. The file does not say whether
// such a company is limited by shares (ltd) or by guarantee
// (private-limited-guarant-nsc), so its type is left empty, and a search
// for either type finds it.
const CommunityInterestCompany = "community-interest-company"

// cicTypes are the types a community interest company may be.
var cicTypes = []string{"ltd", "private-limited-guarant-nsc"}

// typeOf is the registry's company type and subtype for the file's
// CompanyCategory.
func typeOf(words string) (kind, subtype string, ok bool) {
	if t, found := wordTables().category[fold(words)]; found {
		return t[0], t[1], true
	}
	return words, "", false
}

func categoryWords() map[string][2]string {
	return map[string][2]string{
		"Private Limited Company": {"ltd", ""},
		"Public Limited Company":  {"plc", ""},
		"PRI/LTD BY GUAR/NSC (Private, limited by guarantee, no share capital)":                     {"private-limited-guarant-nsc", ""},
		"PRI/LBG/NSC (Private, Limited by guarantee, no share capital, use of 'Limited' exemption)": {"private-limited-guarant-nsc-limited-exemption", ""},
		"PRIV LTD SECT. 30 (Private limited company, section 30 of the Companies Act)":              {"private-limited-shares-section-30-exemption", ""},
		"Private Unlimited Company":                             {"private-unlimited", ""},
		"Private Unlimited":                                     {"private-unlimited-nsc", ""},
		"Limited Partnership":                                   {"limited-partnership", ""},
		"Limited Liability Partnership":                         {"llp", ""},
		"Community Interest Company":                            {"", CommunityInterestCompany},
		"Charitable Incorporated Organisation":                  {"charitable-incorporated-organisation", ""},
		"Scottish Charitable Incorporated Organisation":         {"scottish-charitable-incorporated-organisation", ""},
		"Industrial and Provident Society":                      {"industrial-and-provident-society", ""},
		"Registered Society":                                    {"registered-society-non-jurisdictional", ""},
		"Royal Charter Company":                                 {"royal-charter", ""},
		"Investment Company with Variable Capital":              {"investment-company-with-variable-capital", ""},
		"Investment Company with Variable Capital (Securities)": {"icvc-securities", ""},
		"Investment Company with Variable Capital(Umbrella)":    {"icvc-umbrella", ""},
		"Old Public Company":                                    {"old-public-company", ""},
		"Other Company Type":                                    {"other", ""},
		"Overseas Entity":                                       {"registered-overseas-entity", ""},
		"Converted/Closed":                                      {"converted-or-closed", ""},
		"Further Education and Sixth Form College Corps":        {"further-education-or-sixth-form-college-corporation", ""},
		"European Public Limited-Liability Company (SE)":        {"european-public-limited-liability-company-se", ""},
		"United Kingdom Economic Interest Grouping":             {"ukeig", ""},
		"United Kingdom Societas":                               {"united-kingdom-societas", ""},
		"Scottish Partnership":                                  {"scottish-partnership", ""},
		"Protected Cell Company":                                {"protected-cell-company", ""},
		"Unregistered Company":                                  {"unregistered-company", ""},
		"Northern Ireland":                                      {"northern-ireland", ""},
		// The registry's own words where they differ (constants.yml,
		// company_type; the words it gives several keys are left out).
		"Private limited by guarantee without share capital":                                     {"private-limited-guarant-nsc", ""},
		"Private Limited Company by guarantee without share capital, use of 'Limited' exemption": {"private-limited-guarant-nsc-limited-exemption", ""},
		"Private Limited Company, use of 'Limited' exemption":                                    {"private-limited-shares-section-30-exemption", ""},
		"Private unlimited company without share capital":                                        {"private-unlimited-nsc", ""},
		"Converted / closed": {"converted-or-closed", ""},
		"Assurance company":  {"assurance-company", ""},
		"Overseas company":   {"oversea-company", ""},
		"European Economic Interest Grouping Establishment (EEIG)": {"eeig-establishment", ""},
		"European Economic Interest Grouping (EEIG)":               {"eeig", ""},
		"Northern Ireland company":                                 {"northern-ireland", ""},
		"Credit union (Northern Ireland)":                          {"northern-ireland-other", ""},
		"Royal charter company":                                    {"royal-charter", ""},
		"UK establishment company":                                 {"uk-establishment", ""},
		"Scottish qualifying partnership":                          {"scottish-partnership", ""},
		"Further education or sixth form college corporation":      {"further-education-or-sixth-form-college-corporation", ""},
		"Overseas entity":                                          {"registered-overseas-entity", ""},
		"European public limited liability company (SE)":           {"european-public-limited-liability-company-se", ""},
		"Other company type":                                       {"other", ""},
		"Community Interest Company (CIC)":                         {"", CommunityInterestCompany},
		"Private Fund Limited Partnership (PFLP)":                  {"limited-partnership", "private-fund-limited-partnership"},
	}
}

// accountsOf is the registry's accounts type (its account_type key) for
// the file's Accounts.AccountCategory, in capitals there; "" for "NO
// ACCOUNTS FILED", which is no type.
func accountsOf(words string) (key string, ok bool) {
	if k, found := wordTables().accounts[fold(words)]; found {
		return k, true
	}
	return words, false
}

func accountWords() map[string]string {
	m := map[string]string{"no accounts filed": "", "accounts type not available": "no-accounts-type-available"}
	for _, k := range []string{"full", "small", "medium", "group", "dormant", "interim", "initial", "total-exemption-full",
		"total-exemption-small", "partial-exemption", "audit-exemption-subsidiary", "filing-exemption-subsidiary",
		"micro-entity", "audited-abridged", "unaudited-abridged", "no-accounts-type-available", "null"} {
		m[strings.ReplaceAll(k, "-", " ")] = k
	}
	return m
}

// fold is words as they are compared: lower case, one space between
// words, none around a slash.
func fold(words string) string {
	parts := strings.Split(strings.ToLower(words), "/")
	for i, p := range parts {
		parts[i] = strings.Join(strings.Fields(p), " ")
	}
	return strings.Join(parts, "/")
}

func foldAll[V any](m map[string]V) map[string]V {
	out := make(map[string]V, len(m))
	for k, v := range m {
		out[fold(k)] = v
	}
	return out
}
