package present

import (
	"strings"
	"testing"
)

// An old company still holds SIC 2003 codes (four digits): its profile
// says them in the registry's words, as it does the 2007 codes.
func TestAProfileSaysSIC2003CodesInTheRegistrysWords(t *testing.T) {
	p := profile(t, `{"company_number":"00006400","company_name":"OLD PAVILION LTD","sic_codes":["9234","0111","62012"]}`)
	got := text(Overview(p))
	for _, want := range []string{"9234 Other entertainment activities", "0111 Grow cereals & other crops", "62012 Business and domestic software development"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in:\n%s", want, got)
		}
	}
	if strings.Contains(got, "SIC 2003 code") {
		t.Errorf("a code the registry describes is only named:\n%s", got)
	}
}
