package cli

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"

	"coview/api"
)

// Issue 11, items 6 and 8: each wait is one line on stderr, saying what
// is waited for and until when; requests held back for the same reset are
// one wait; the end of a wait says nothing; network text is sanitised.
func TestEachWaitIsOneLineOnStderr(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	tell := waitLines(&b)
	until := time.Now().Add(43 * time.Second)
	tell(api.Wait{Subject: "company 00006400", Reason: "rate limit reached", Until: until})
	tell(api.Wait{Subject: "company 00006401", Reason: "rate limit reached", Until: until.Add(20 * time.Millisecond)})
	tell(api.Wait{Subject: "company 00006400", Reason: "rate limit reached", Until: until, Over: true})
	tell(api.Wait{Subject: "company 00006402", Reason: "rate limit reached (429)", Until: until})
	moved := until.Add(30 * time.Second)
	tell(api.Wait{Subject: "company 00006402", Reason: "rate limit reached (429)", Until: moved})
	tell(api.Wait{Subject: "/company/00006400/officers\x1b]0;owned\x07", Reason: "attempt 1 of 3 failed (502 Bad Gateway)", Until: moved})

	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	want := []*regexp.Regexp{
		regexp.MustCompile(`^coview: company 00006400: rate limit reached; next request in 4[34]s \(at ` + until.Local().Format("15:04:05") + `\)$`),
		regexp.MustCompile(`^coview: company 00006402: rate limit reached \(429\); next request in 4[34]s \(at ` + until.Local().Format("15:04:05") + `\)$`),
		regexp.MustCompile(`^coview: company 00006402: rate limit reached \(429\); next request in 1m1[34]s \(at ` + moved.Local().Format("15:04:05") + `\)$`),
		regexp.MustCompile(`^coview: /company/00006400/officers.*: attempt 1 of 3 failed \(502 Bad Gateway\); next request in`),
	}
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), b.String())
	}
	for i, re := range want {
		if !re.MatchString(lines[i]) {
			t.Errorf("line %d is %q, want %s", i+1, lines[i], re)
		}
	}
	if strings.ContainsAny(b.String(), "\x1b\x07") {
		t.Errorf("network text reached stderr unsanitised: %q", b.String())
	}
}
