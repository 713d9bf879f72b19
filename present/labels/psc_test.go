package labels

import (
	"strings"
	"testing"
)

func TestPSCStatement(t *testing.T) {
	tests := []struct {
		name, key, linked, want string
	}{
		{"the live misspelling is understood", "no-individual-or-entity-with-signficant-control", "",
			"The company believes that no person or legal entity has significant control over it."},
		{"the correct spelling gives the same sentence", "no-individual-or-entity-with-significant-control", "",
			"The company believes that no person or legal entity has significant control over it."},
		{"a partnership variant talks about the partnership", "no-individual-or-entity-with-signficant-control-partnership", "",
			"The partnership believes that no person or legal entity has significant control over it."},
		{"an unidentified PSC is explained", "psc-exists-but-not-identified", "",
			"The company believes someone has significant control over it but has not yet identified who."},
		{"the failed-to-confirm statement names the linked person", "psc-has-failed-to-confirm-changed-details", " Jane DOE ",
			"Jane DOE has not complied with a notice from the company asking them to confirm changes to their details."},
		{"the failed-to-confirm statement falls back to a person", "psc-has-failed-to-confirm-changed-details", "",
			"A person has not complied with a notice from the company asking them to confirm changes to their details."},
		{"its partnership variant also names the person", "psc-has-failed-to-confirm-changed-details-partnership", "ACME LLP",
			"ACME LLP has not complied with a notice from the partnership asking them to confirm changes to their details."},
		{"an overseas entity statement is a sentence", "all-beneficial-owners-identified", "",
			"The overseas entity has identified all of its registrable beneficial owners."},
		{"keys in odd case are normalised", "  PSC-Contacted-But-No-Response ", "",
			"The company has sent a notice to someone with significant control and has had no reply."},
		{"an unknown statement is humanised", "psc-is-a-cat", "", "PSC is a cat"},
		{"an empty statement stays empty", "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := PSCStatement(tt.key, tt.linked); got != tt.want {
				t.Errorf("PSCStatement(%q, %q) = %q, want %q", tt.key, tt.linked, got, tt.want)
			}
		})
	}
}

func TestEveryPSCStatementIsACompleteSentence(t *testing.T) {
	var keys []string
	for k := range pscStatements() {
		keys = append(keys, k, k+"-partnership")
	}
	keys = append(keys, pscFailedToConfirm, pscFailedToConfirm+"-partnership")
	for k := range overseasEntityStatements() {
		keys = append(keys, k)
	}
	for _, k := range keys {
		got := PSCStatement(k, "Jane Doe")
		if !strings.HasSuffix(got, ".") || strings.Contains(got, "%") || strings.Contains(got, "{") {
			t.Errorf("PSCStatement(%q) = %q, want a finished sentence", k, got)
		}
		if strings.HasSuffix(k, "-partnership") && !strings.Contains(got, "partnership") {
			t.Errorf("PSCStatement(%q) = %q, want it to mention the partnership", k, got)
		}
	}
}

func TestPSCStatementShort(t *testing.T) {
	tests := []struct {
		name, key, want string
	}{
		{"the live misspelling is understood", "no-individual-or-entity-with-signficant-control", "no registrable person"},
		{"a partnership variant reads as the company's", "psc-exists-but-not-identified-partnership", "a registrable person not identified"},
		{"an overseas entity statement", "no-beneficial-owner-identified", "no registrable beneficial owner"},
		{"keys in odd case are normalised", " Steps-To-Find-PSC-Not-Yet-Completed ", "still looking for registrable persons"},
		{"an unknown statement is humanised", "psc-is-a-cat", "PSC is a cat"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := PSCStatementShort(tt.key); got != tt.want {
				t.Errorf("PSCStatementShort(%q) = %q, want %q", tt.key, got, tt.want)
			}
		})
	}
	// Every statement with a sentence has a few words too.
	for k := range pscStatements() {
		if _, ok := pscStatementsShort()[k]; !ok {
			t.Errorf("%s has no short words", k)
		}
	}
	for k := range overseasEntityStatements() {
		if _, ok := pscStatementsShort()[k]; !ok {
			t.Errorf("%s has no short words", k)
		}
	}
}
