package labels

import "testing"

// labelCase is shared by the simple lookup tests below.
type labelCase struct {
	name, in, want string
}

func runLabelCases(t *testing.T, fn func(string) string, tests []labelCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := fn(tt.in); got != tt.want {
				t.Errorf("(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestCompanyType(t *testing.T) {
	runLabelCases(t, CompanyType, []labelCase{
		{"ltd is a private limited company", "ltd", "Private limited company"},
		{"plc is a public limited company", "plc", "Public limited company"},
		{"llp is a limited liability partnership", "LLP", "Limited liability partnership"},
		{"a guarantee company without share capital is named", "private-limited-guarant-nsc", "Private company limited by guarantee"},
		{"an overseas entity is named", "registered-overseas-entity", "Overseas entity"},
		{"a converted or closed company has the registry's words", "converted-or-closed", "Converted / closed"},
		{"an EEIG establishment has the registry's words", "eeig-establishment", "European Economic Interest Grouping Establishment (EEIG)"},
		{"an unknown type is humanised", "space-cooperative", "Space cooperative"},
		{"an empty type stays empty", "", ""},
	})
}

func TestSubtype(t *testing.T) {
	runLabelCases(t, Subtype, []labelCase{
		{"a CIC is named with its acronym", "community-interest-company", "Community interest company (CIC)"},
		{"slp is a Scottish limited partnership", "slp", "Scottish limited partnership"},
		{"spflp is spelled out", "spflp", "Scottish private fund limited partnership"},
		{"an unknown subtype is humanised", "new-uk-thing", "New UK thing"},
	})
}

func TestJurisdiction(t *testing.T) {
	runLabelCases(t, Jurisdiction, []labelCase{
		{"england-wales reads as England and Wales", "england-wales", "England and Wales"},
		{"wales has no stray space", "wales", "Wales"},
		{"noneu is outside the EU", "noneu", "Outside the EU"},
		{"northern-ireland is named", " Northern-Ireland ", "Northern Ireland"},
		{"an unknown jurisdiction is humanised", "isle-of-man", "Isle of man"},
	})
}

func TestAccountType(t *testing.T) {
	runLabelCases(t, AccountType, []labelCase{
		{"full accounts are full", "full", "Full"},
		{"micro-entity accounts are named", "micro-entity", "Micro-entity"},
		{"the literal null is empty so the caller shows a dash", "null", ""},
		{"null in odd case is still empty", " NULL ", ""},
		{"an empty type is empty", "", ""},
		{"an unknown type is humanised", "super-abridged", "Super abridged"},
	})
}

func TestOfficerRole(t *testing.T) {
	runLabelCases(t, OfficerRole, []labelCase{
		{"a director is a director", "director", "Director"},
		{"a corporate director says so", "corporate-director", "Corporate director"},
		{"an LLP designated member keeps the acronym", "llp-designated-member", "LLP designated member"},
		{"a general partner is shortened", "general-partner-in-a-limited-partnership", "General partner"},
		{"a CIC manager keeps the acronym", "cic-manager", "CIC manager"},
		{"an unknown role is humanised", "chief-vibes-officer", "Chief vibes officer"},
	})
}

func TestBirthLabel(t *testing.T) {
	runLabelCases(t, BirthLabel, []labelCase{
		{"a limited company is incorporated", "ltd", "Incorporated on"},
		{"an unknown type is incorporated", "", "Incorporated on"},
		{"a limited partnership is registered", "limited-partnership", "Registered on"},
		{"a Scottish partnership is registered", "scottish-partnership", "Registered on"},
		{"an overseas entity is registered", "registered-overseas-entity", "Registered on"},
		{"a UK establishment is opened", "uk-establishment", "Opened on"},
		{"an overseas company opened its first UK establishment", "oversea-company", "First UK establishment opened on"},
		{"an unregistered company is formed", "unregistered-company", "Formed on"},
		{"an industrial and provident society is incorporated, as the registry says", "industrial-and-provident-society", "Incorporated on"},
		{"a UK societas is formed", "united-kingdom-societas", "Formed on"},
		{"a European company (SE) is formed", "european-public-limited-liability-company-se", "Formed on"},
		{"an assurance company is registered", "assurance-company", "Registered on"},
		{"an EEIG establishment is registered", "eeig-establishment", "Registered on"},
		{"a further education corporation is registered", "further-education-or-sixth-form-college-corporation", "Registered on"},
		{"a registered society, which the registry leaves out, is registered", "registered-society-non-jurisdictional", "Registered on"},
	})
}
