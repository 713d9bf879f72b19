package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"coview/api"
)

// Issue 11, item 22: numbers piped in are read only with "-"; without it,
// the message says so instead of only "no company number given".
func TestNoNumberSaysHowToReadThemFromStdin(t *testing.T) {
	t.Parallel()
	for _, flag := range []string{"--json", "--plain"} {
		r := run(t, "6400\n", nil, "--demo", flag)
		if r.code != exitUsage || r.stdout != "" {
			t.Fatalf("coview --demo %s: exit %d, stdout %q", flag, r.code, r.stdout)
		}
		for _, w := range []string{"no company number given", " - ", "coview " + flag + " -"} {
			if !strings.Contains(r.stderr, w) {
				t.Errorf("coview --demo %s: stderr lacks %q: %s", flag, w, r.stderr)
			}
		}
	}
}

// A line with no number is tried like the rest and fails with exit 2
// (issue 20, item 2), after the number before it was printed.
func TestStdinNumbersAreReadWithADash(t *testing.T) {
	t.Parallel()
	r := run(t, "Company No. 00006400\nnot a number here\n", nil, "--demo", "--json", "-")
	if r.code != exitUsage || !strings.Contains(r.stdout, `"company_number":"00006400"`) {
		t.Fatalf("exit %d: %.200s\n%s", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stderr, `ignoring "not a number here"`) {
		t.Fatalf("the junk line was not reported: %s", r.stderr)
	}
}

// numbersPrinted are the company numbers of the JSON profiles printed,
// one a line.
func numbersPrinted(t *testing.T, stdout string) []string {
	t.Helper()
	var got []string
	dec := json.NewDecoder(strings.NewReader(stdout))
	for {
		var p struct {
			N string `json:"company_number"`
		}
		if err := dec.Decode(&p); err != nil {
			if err != io.EOF {
				t.Fatalf("stdout is not JSON: %v\n%.300s", err, stdout)
			}
			return got
		}
		got = append(got, p.N)
	}
}

// Issue 20, item 1: arguments read numbers as stdin and the search box
// do, in every form the README and --help promise.
func TestArgumentsAndStdinReadTheSameNumbers(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	cases := []struct {
		name, in string
		want     []string
	}{
		{"a label with a dot", "Company No. 00006400", []string{"00006400"}},
		{"a label in lower case", "company no 6400", []string{"00006400"}},
		{"a label with a colon", "Company number: 00006400", []string{"00006400"}},
		{"No. is a label, not the NO prefix", "No. 6400", []string{"00006400"}},
		{"two numbers with a space between", "6400 6401", []string{"00006400", "00006401"}},
		{"a prefix across a space", "sc 6405", []string{"SC006405"}},
		{"fullwidth digits", "６４００", []string{"00006400"}},
		{"numbers with commas", "6400, sc6405", []string{"00006400", "SC006405"}},
		// Issue 31, item 41: with dashes, as the README allows.
		{"a dash after the number", "6400-", []string{"00006400"}},
		{"a dash beside the number", "6400 - sc6405", []string{"00006400", "SC006405"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			asArg := run(t, "", demoEnv(srv), "--json", tc.in)
			fromStdin := run(t, tc.in+"\n", demoEnv(srv), "--json", "-")
			for _, r := range []ran{asArg, fromStdin} {
				if got := numbersPrinted(t, r.stdout); r.code != 0 || !slices.Equal(got, tc.want) {
					t.Errorf("%q: exit %d, printed %q, want %q\n%s", tc.in, r.code, got, tc.want, r.stderr)
				}
			}
		})
	}
}

// Issue 20, item 2: with several numbers each is tried, as arguments and
// on stdin alike, and the exit code is that of the first failure.
func TestEachNumberIsTriedAndTheFirstFailureDecidesTheExitCode(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	cases := []struct {
		name  string
		items []string
		code  int
		want  []string // printed
		says  []string // on stderr
	}{
		{"a part that is no number first: exit 2, the rest still looked up", []string{"6400", "junk", "99999999", "6401"}, exitUsage,
			[]string{"00006400", "00006401"}, []string{`ignoring "junk": no company number in it`, "99999999 not found"}},
		{"an unknown company first: exit 4", []string{"6400", "99999999", "123456789", "6401"}, exitNotFound,
			[]string{"00006400", "00006401"}, []string{"99999999 not found", `ignoring "123456789": 123456789 has 9 digits`}},
		{"all good: exit 0", []string{"6400", "sc 6405"}, 0, []string{"00006400", "SC006405"}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			asArgs := run(t, "", demoEnv(srv), append([]string{"--json"}, tc.items...)...)
			fromStdin := run(t, strings.Join(tc.items, "\n")+"\n", demoEnv(srv), "--json", "-")
			for way, r := range map[string]ran{"arguments": asArgs, "stdin": fromStdin} {
				if got := numbersPrinted(t, r.stdout); r.code != tc.code || !slices.Equal(got, tc.want) {
					t.Errorf("%s: exit %d, printed %q; want exit %d and %q\n%s", way, r.code, got, tc.code, tc.want, r.stderr)
				}
				for _, w := range tc.says {
					if !strings.Contains(r.stderr, w) {
						t.Errorf("%s: stderr lacks %q:\n%s", way, w, r.stderr)
					}
				}
			}
		})
	}
}

// Issue 20, items 22 and 23: dates, amounts, huge input and random bytes
// are refused with a short reason and never looked up; fullwidth digits
// are digits.
func TestWhatIsNoNumberIsRefusedBrieflyAndNeverLookedUp(t *testing.T) {
	t.Parallel()
	var asked atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		http.Error(w, "{}", 404)
	}))
	t.Cleanup(srv.Close)
	env := map[string]string{"COVIEW_BASE_URL": srv.URL, "COVIEW_API_KEY": "5e1f0c2a-7d3b-4c8e-9a61-0de70de70de7"}
	random := make([]byte, 4096)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range random {
		random[i] = byte(rng.UintN(256))
	}
	huge := strings.Repeat("6400 ", 4<<20) // 20 MB on one line
	cases := []struct {
		name, stdin string
		args        []string
		says        string
	}{
		{"a date", "", []string{"--json", "2024-01-15"}, "looks like a date"},
		{"an amount", "", []string{"--json", "£6,400.00"}, "amount"},
		{"a huge argument", "", []string{"--json", huge}, "20,971,520 bytes long"},
		{"a huge line on stdin", huge + "\n", []string{"--json", "-"}, "20,971,520 bytes long"},
		{"random bytes on stdin", string(random), []string{"--json", "-"}, "not text"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := run(t, tc.stdin, env, tc.args...)
			if r.code != exitUsage || r.stdout != "" || !strings.Contains(r.stderr, tc.says) {
				t.Fatalf("exit %d, stdout %.100q, stderr %.300q", r.code, r.stdout, r.stderr)
			}
			if len(r.stderr) > 500 {
				t.Errorf("%d bytes of stderr: %.300q", len(r.stderr), r.stderr)
			}
		})
	}
	if n := asked.Load(); n != 0 {
		t.Fatalf("%d requests were sent for input with no number in it", n)
	}
}

// Issue 20, item 1: one parser. Whatever the text, an argument, the same
// text on stdin and the same text pasted into the browser's box read the
// same numbers and ignore the same parts.
func FuzzArgumentsAndStdinAgree(f *testing.F) {
	for _, s := range []string{
		"Company No. 00006400", "company no 6400", "Company number: 00006400", "No. 6400", "NO 123456",
		"6400 6401", "0123 4567", "2024-01-15", "£6,400.00", "６４００", "sc 6405\r\nfc6406", "\xff\x00\x017", "",
		"paid £6,400.00 on 2024-01-15 to 00006400", "SC 1234567",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if text == "-" {
			return // that argument means stdin
		}
		asArg, _, err1 := readNumbers([]string{text}, Env{})
		fromStdin, _, err2 := readNumbers([]string{"-"}, Env{Stdin: strings.NewReader(text)})
		if err1 != nil || err2 != nil {
			t.Fatalf("errors %v, %v", err1, err2)
		}
		if !slices.Equal(asArg, fromStdin) {
			t.Fatalf("%q: as an argument %+v, on stdin %+v", text, asArg, fromStdin)
		}
		numbers, ignored := api.ExtractNumbers(text)
		if !slices.Equal(numbers, numbersOf(asArg)) || len(ignored) != len(asArg)-len(numbers) {
			t.Fatalf("%q: the box reads %q ignoring %+v; the command line %+v", text, numbers, ignored, asArg)
		}
	})
}

// Issue 31, item 41: --plain "6400-" prints the company, as the README's
// "with spaces, dashes or a trailing newline" promises.
func TestPlainTakesANumberWithADashAfterIt(t *testing.T) {
	t.Parallel()
	r := run(t, "", demoEnv(demoRegistry(t)), "--plain", "6400-")
	if r.code != 0 || !strings.Contains(r.stdout, "MARZIPAN") || !strings.Contains(r.stdout, "00006400") {
		t.Errorf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// Issue 32: many numbers go out through the one fan-out, which stops at
// a failure every request would meet. A registry that still refuses with
// a 429 after the wait it asked for is not asked about the numbers not
// yet sent, and the refusal is said once.
func TestManyNumbersStopAtAQuotaStillRefusedAndSayItOnce(t *testing.T) {
	t.Parallel()
	var asked atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		w.Header().Set("Retry-After", "0")
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusTooManyRequests)
		io.WriteString(w, `{"error":"Too Many Requests"}`)
	}))
	t.Cleanup(srv.Close)
	var numbers []string
	for i := range 40 {
		numbers = append(numbers, fmt.Sprintf("64%02d", i))
	}
	r := run(t, strings.Join(numbers, "\n")+"\n", demoEnv(srv), "--json", "-")
	if r.code != exitFailure || r.stdout != "" {
		t.Fatalf("exit %d, stdout %q; want exit %d and nothing printed\n%s", r.code, r.stdout, exitFailure, r.stderr)
	}
	// Each number sent is tried and retried once; at most the few in
	// flight when the first was refused for good were sent at all.
	if n := asked.Load(); n > 2*inFlight {
		t.Errorf("the registry was asked %d times for 40 numbers; want at most %d", n, 2*inFlight)
	}
	if n := strings.Count(r.stderr, "rate limit reached (429)"); n != 1 {
		t.Errorf("the refusal was said %d times, want once:\n%s", n, r.stderr)
	}
}
