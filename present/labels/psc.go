package labels

import (
	"strings"
	"sync"
)

// pscStatements are the statements a company files instead of (or as well
// as) naming its persons with significant control. "%s" stands for the
// kind of body, because Scottish partnerships file the same statements
// under keys ending in "-partnership" and the sentence should say
// "partnership" for them.
var pscStatements = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"no-individual-or-entity-with-significant-control": "The %s believes that no person or legal entity has significant control over it.",
		"psc-exists-but-not-identified":                    "The %s believes someone has significant control over it but has not yet identified who.",
		"psc-details-not-confirmed":                        "The %s has identified someone with significant control but has not yet confirmed all of their details.",
		"steps-to-find-psc-not-yet-completed":              "The %s has not yet finished finding out whether anyone has significant control over it.",
		"psc-contacted-but-no-response":                    "The %s has sent a notice to someone with significant control and has had no reply.",
		"restrictions-notice-issued-to-psc":                "The %s has issued a restrictions notice to someone with significant control over it.",
	}
})

// pscFailedToConfirm is the one statement about a named person; the name
// comes from linked_psc_name.
const pscFailedToConfirm = "psc-has-failed-to-confirm-changed-details"

// overseasEntityStatements are filed by registered overseas entities about
// their beneficial owners and managing officers.
var overseasEntityStatements = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"all-beneficial-owners-identified":                           "The overseas entity has identified all of its registrable beneficial owners.",
		"no-beneficial-owner-identified":                             "The overseas entity believes it has no registrable beneficial owners.",
		"at-least-one-beneficial-owner-unidentified":                 "The overseas entity believes it has at least one registrable beneficial owner it has not identified.",
		"information-not-provided-for-at-least-one-beneficial-owner": "The overseas entity has not been able to give all the required details of at least one registrable beneficial owner.",
		"at-least-one-managing-officer-unidentified":                 "The overseas entity has at least one managing officer it has not identified.",
		"information-not-provided-for-at-least-one-managing-officer": "The overseas entity has not been able to give all the required details of at least one managing officer.",
	}
})

// PSCStatement returns a sentence for a PSC statement key. The registry's
// most common key is misspelt ("signficant"); both spellings are accepted.
// linkedPSCName names the person in the "failed to confirm" statement and
// defaults to "A person". Unknown keys are humanised.
func PSCStatement(v string, linkedPSCName string) string {
	k := norm(v)
	if s, ok := overseasEntityStatements()[k]; ok {
		return s
	}
	body := "company"
	base := k
	if b, ok := strings.CutSuffix(k, "-partnership"); ok {
		body, base = "partnership", b
	}
	base = strings.Replace(base, "signficant", "significant", 1)
	if base == pscFailedToConfirm {
		name := strings.TrimSpace(linkedPSCName)
		if name == "" {
			name = "A person"
		}
		return name + " has not complied with a notice from the " + body + " asking them to confirm changes to their details."
	}
	if s, ok := pscStatements()[base]; ok {
		return strings.Replace(s, "%s", body, 1)
	}
	if s, ok := enumPscDescriptionsStatementDescription.get(k); ok && strings.TrimSpace(s) != "" {
		// The registry's sentence, which may name the person.
		name := strings.TrimSpace(linkedPSCName)
		if name == "" {
			name = "A person"
		}
		s = strings.TrimSpace(strings.ReplaceAll(s, "{linked_psc_name}", name))
		if !strings.HasSuffix(s, ".") {
			s += "."
		}
		return s
	}
	return Humanize(k)
}

// pscStatementsShort are the PSC statements in a few words, for a table's
// cell; the keys are as pscStatements' and overseasEntityStatements'.
var pscStatementsShort = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"no-individual-or-entity-with-significant-control":           "no registrable person",
		"psc-exists-but-not-identified":                              "a registrable person not identified",
		"psc-details-not-confirmed":                                  "a person's details not confirmed",
		"steps-to-find-psc-not-yet-completed":                        "still looking for registrable persons",
		"psc-contacted-but-no-response":                              "a notice not answered",
		"restrictions-notice-issued-to-psc":                          "a restrictions notice issued",
		"psc-has-failed-to-confirm-changed-details":                  "a person has not confirmed changes",
		"all-beneficial-owners-identified":                           "all beneficial owners identified",
		"no-beneficial-owner-identified":                             "no registrable beneficial owner",
		"at-least-one-beneficial-owner-unidentified":                 "a beneficial owner not identified",
		"information-not-provided-for-at-least-one-beneficial-owner": "a beneficial owner's details missing",
		"at-least-one-managing-officer-unidentified":                 "a managing officer not identified",
		"information-not-provided-for-at-least-one-managing-officer": "a managing officer's details missing",
	}
})

// PSCStatementShort is a PSC statement in a few words: "no registrable
// person". The partnership variants and the registry's misspelt key read
// as the company's; unknown keys are humanised.
func PSCStatementShort(v string) string {
	k := strings.TrimSuffix(norm(v), "-partnership")
	k = strings.Replace(k, "signficant", "significant", 1)
	if s, ok := pscStatementsShort()[k]; ok {
		return s
	}
	return Humanize(norm(v))
}
