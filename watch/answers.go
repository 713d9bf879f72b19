package watch

import (
	"fmt"
	"strings"

	"coview/api"
)

// An answer that lacks what every answer of its kind has (a "{}" from a
// proxy in front of the registry, a body served half) must not be taken
// as the company's state: read as it is, every SIC code, officer and
// list would be gone, and the next good answer would report them all
// again as news. Such an answer is unreadable: the company is not
// checked this time, and nothing of it is recorded. So is one in which a
// member a snapshot keeps had a type other than expected (api's lenient
// decoding leaves such a member empty, which would read as a change).

// profileKept are the members of a profile that a snapshot keeps, as
// JSON paths.
var profileKept = []string{"company_name", "company_status", "company_status_detail", "date_of_cessation",
	"registered_office_address", "sic_codes", "accounts", "confirmation_statement", "annual_return",
	"registered_office_is_in_dispute", "undeliverable_registered_office_address", "links"}

// profileUnreadable says why a profile cannot be read as the company's
// state, or "" when it can. Every profile says which company it is, its
// name and its own link.
func profileUnreadable(p *api.Profile, asked api.Number) error {
	var lacks []string
	if strings.TrimSpace(p.CompanyNumber) == "" {
		lacks = append(lacks, "company_number")
	}
	if strings.TrimSpace(p.CompanyName) == "" {
		lacks = append(lacks, "company_name")
	}
	if p.Links.Self == "" {
		lacks = append(lacks, "links.self")
	}
	subject := "company " + asked.String()
	switch {
	case len(lacks) > 0:
		return unreadable(subject, "it lacks "+strings.Join(lacks, ", ")+", which every company profile has")
	case p.NumberMismatch():
		return unreadable(subject, fmt.Sprintf("it is the profile of %s", p.CompanyNumber))
	}
	if bad := spoilt(p.Unreadable, profileKept...); bad != "" {
		return unreadable(subject, bad+" could not be read")
	}
	return nil
}

// filingsUnreadable says why a page of the filing history cannot be
// read, or nil when it can: every page counts the filings (total_count),
// which is what a check compares.
func filingsUnreadable(link string, f *api.FilingHistory) error {
	if f.Raw != nil && f.TotalCount == nil {
		return unreadable(link, "it lacks total_count, which every filing history has")
	}
	return listUnreadable(link, &f.ListInfo, f.Items != nil, f.TotalCount != nil, "total_count")
}

// listUnreadable says why a page of a list (officers, persons with
// significant control, statements, charges) cannot be read, or nil when
// it can. A page says how many items the list has or holds its
// items (an empty one, "items": []); one that says neither is not a
// page of the list. A list the registry has nothing of (a 404) is an
// answer: it has no body.
func listUnreadable(link string, info *api.ListInfo, hasItems, hasCount bool, count string) error {
	if info.Raw == nil && info.Empty != "" {
		return nil
	}
	if !hasItems && !hasCount {
		return unreadable(link, "it has neither items nor "+count+", which every page of the list has")
	}
	if bad := spoilt(info.Unreadable, "items", count); bad != "" {
		return unreadable(link, bad+" could not be read")
	}
	return nil
}

// insolvencyUnreadable says why a company's insolvency record cannot be
// read, or nil when it can: every record lists its cases.
func insolvencyUnreadable(link string, ins *api.Insolvency) error {
	switch {
	case ins.Raw == nil && ins.Empty != "":
		return nil
	case ins.Cases == nil:
		return unreadable(link, "it lacks cases, which every insolvency record has")
	}
	if bad := spoilt(ins.Unreadable, "cases"); bad != "" {
		return unreadable(link, bad+" could not be read")
	}
	return nil
}

// spoilt is the first of the unreadable members that is one of kept or
// inside one of them, or "".
func spoilt(unreadable []string, kept ...string) string {
	for _, u := range unreadable {
		for _, k := range kept {
			if u == k || strings.HasPrefix(u, k+".") || strings.HasPrefix(u, k+"[") {
				return u
			}
		}
	}
	return ""
}

func unreadable(subject, why string) error {
	return &api.Error{Kind: api.KindBadResponse, Subject: subject, Status: 200,
		Reason: why + "; nothing of this company is recorded from this check, and the next asks again"}
}
