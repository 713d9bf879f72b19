package labels

import "testing"

func TestTheNearestFilingCategoryIsSuggested(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"a slip of the keyboard", "acounts", "accounts"},
		{"a word of the category's name", "charges", "mortgage"},
		{"singular for plural", "officer", "officers"},
		{"the start of a long key", "persons", "persons-with-significant-control"},
		{"spaces for hyphens", "confirmation statement", "confirmation-statement"},
		{"case is ignored", "ACCOUNTS", "accounts"},
		{"nothing like any", "zebra-crossing", ""},
		{"nothing at all", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := NearestFilingCategory(tt.in); got != tt.want {
				t.Errorf("NearestFilingCategory(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestOnlyCategoriesAFilingCarriesCanBeAskedFor(t *testing.T) {
	for _, k := range []string{"accounts", "confirmation-statement", "mortgage", "persons-with-significant-control", "court-order"} {
		if !IsFilingCategory(k) {
			t.Errorf("%s is refused", k)
		}
	}
	for _, k := range []string{"termination", "charges", "", "accounts,officers"} {
		if IsFilingCategory(k) {
			t.Errorf("%q is taken for a category", k)
		}
	}
}
