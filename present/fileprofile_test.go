package present

import (
	"strings"
	"testing"

	"coview/api"
)

func TestAProfileFromTheFileSaysSoAndItsLinksPaneWhatTheFileLacks(t *testing.T) {
	p := &api.Profile{CompanyNumber: "00006400", CompanyName: "MARZIPAN LTD", CompanyStatus: "active"}
	p.Links.Self = "/company/00006400"
	var b strings.Builder
	WriteFileProfile(&b, p, today, "the register of 1 Nov 2026, on this machine")
	out := b.String()
	for _, want := range []string{
		"Overview\n  From    ! the register of 1 Nov 2026, on this machine: what its file holds, not the live profile\n",
		"Links\n  Links  " + FileLinksNote + "\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "/company/00006400") {
		t.Errorf("the self link is offered as a link:\n%s", out)
	}
	var live strings.Builder
	WriteProfile(&live, p, today)
	if strings.Contains(live.String(), "From") || !strings.Contains(live.String(), "/company/00006400") {
		t.Errorf("the live profile changed:\n%s", live.String())
	}
}
