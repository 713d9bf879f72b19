package api

import (
	"slices"
	"testing"
)

func TestStatusClassOf(t *testing.T) {
	tests := []struct {
		in   string
		want StatusClass
	}{
		{"active", ClassActive},
		{"open", ClassActive},
		{"registered", ClassActive},
		{"dissolved", ClassDissolved},
		{"removed", ClassDissolved},
		{"closed", ClassDissolved},
		{"converted-closed", ClassDissolved},
		{"liquidation", ClassInsolvency},
		{"receivership", ClassInsolvency},
		{"administration", ClassInsolvency},
		{"voluntary-arrangement", ClassInsolvency},
		{"insolvency-proceedings", ClassInsolvency},
		{" Liquidation ", ClassInsolvency},
		{"brand-new-status", ClassOther},
		{"", ClassOther},
	}
	for _, tt := range tests {
		t.Run(tt.in+" is classed "+tt.want.String(), func(t *testing.T) {
			if got := StatusClassOf(tt.in); got != tt.want {
				t.Errorf("StatusClassOf(%q) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
	t.Run("the zero class is other so unset statuses look neutral", func(t *testing.T) {
		var c StatusClass
		if c != ClassOther {
			t.Errorf("zero StatusClass = %v, want other", c)
		}
	})
}

// The classes cover the registry's own list of company_status keys
// (constants.yml, company_status), and nothing else: a class given to a
// key the registry never sends is a typo that leaves the real key
// unclassed.
func TestEveryStatusTheRegistryDefinesIsClassedAndNothingElse(t *testing.T) {
	registry := []string{"active", "dissolved", "liquidation", "receivership", "converted-closed", "voluntary-arrangement",
		"insolvency-proceedings", "administration", "open", "closed", "registered", "removed"}
	slices.Sort(registry)
	var got []string
	for _, c := range statusClasses {
		got = append(got, c.status)
	}
	if slices.Sort(got); !slices.Equal(got, registry) {
		t.Errorf("classed %v\nthe registry's %v", got, registry)
	}
}
