package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"coview/api/demo"
	"coview/internal/testkit"

	"coview/internal/testkit/testtime"
)

// streamKey is a streaming key for the tests' own streams.
const streamKey = "0f0e0d0c-1111-4222-8333-944445555666"

// lockedBuffer is a buffer written by a command and read by its test at
// once; enough, when set, is told what is written so far after each
// write.
type lockedBuffer struct {
	mu     sync.Mutex
	b      bytes.Buffer
	enough func(string) bool
	done   func()
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	n, err := l.b.Write(p)
	if l.enough != nil && l.enough(l.b.String()) {
		l.done()
	}
	return n, err
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// runUntil runs coview in-process until it has printed enough on stdout,
// and then ends it as a caller ending its context would; or until it
// ends by itself. It fails the test if neither happens by the test's
// deadline.
func runUntil(t *testing.T, env map[string]string, enough func(stdout string) bool, args ...string) ran {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &lockedBuffer{enough: enough, done: cancel}
	errb := &lockedBuffer{}
	getenv := testEnv(t, env)
	e := Env{Stdin: strings.NewReader(""), Stdout: out, Stderr: errb, Getenv: getenv, SessionBus: func() bool { return false }}
	code := make(chan int, 1)
	go func() { code <- Main(ctx, args, e) }()
	select {
	case c := <-code:
		return ran{stdout: out.String(), stderr: errb.String(), code: c}
	case <-testtime.Bound(t):
		cancel()
		<-code
		t.Fatalf("coview %s did not end:\nstdout: %s\nstderr: %s", strings.Join(args, " "), out.String(), errb.String())
	}
	return ran{}
}

// nLines is enough once n lines are printed.
func nLines(n int) func(string) bool {
	return func(s string) bool { return strings.Count(s, "\n") >= n }
}

// streamServer is a stream that answers each request with what answer
// writes, then holds the connection open until the client leaves.
func streamServer(t *testing.T, answer func(w http.ResponseWriter, r *http.Request)) *testkit.Server {
	t.Helper()
	return testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		answer(w, r)
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
}

// eventLine is one event as a stream sends it.
func eventLine(kind, number, id, name string, tp int) string {
	data, _ := json.Marshal(map[string]string{"company_number": number, "company_name": name, "etag": "e" + id})
	return fmt.Sprintf(`{"resource_kind":%q,"resource_uri":"/company/%s/x/%s","resource_id":%q,"data":%s,"event":{"timepoint":%d,"published_at":"2026-11-28T08:00:00","type":"changed"}}`+"\n",
		kind, number, id, id, data, tp)
}

func streamEnv(url string) map[string]string {
	return map[string]string{"COVIEW_STREAM_URL": url, "COVIEW_STREAM_KEY": streamKey}
}

func TestStreamPrintsEachEventOnceAsSentWithTerminalControlsEscaped(t *testing.T) {
	t.Parallel()
	srv := streamServer(t, func(w http.ResponseWriter, r *http.Request) {
		if user, _, _ := r.BasicAuth(); user != streamKey || r.URL.Path != "/companies" {
			w.WriteHeader(401)
			return
		}
		a := eventLine("company-profile", "00006400", "a", hostile, 1)
		again := eventLine("company-profile", "00006400", "a", hostile, 2) // the same, with a new timepoint
		fmt.Fprint(w, a, "\n", again[:40])
		w.(http.Flusher).Flush()
		fmt.Fprint(w, again[40:], "{not json\n", eventLine("company-profile", "00006401", "b", "PLAIN LTD", 3))
	})
	r := runUntil(t, streamEnv(srv.URL), nLines(2), "stream", "companies")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	got := lines(r.stdout)
	if len(got) != 2 || !strings.Contains(got[0], `"timepoint":1`) || !strings.Contains(got[1], `"timepoint":3`) {
		t.Fatalf("stdout:\n%s", r.stdout)
	}
	assertNothingRaw(t, "stdout", r.stdout)
	assertNothingRaw(t, "stderr", r.stderr)
	var e struct {
		Data struct {
			CompanyName string `json:"company_name"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(got[0]), &e); err != nil || !strings.HasPrefix(e.Data.CompanyName, "\x1b[31mRED") {
		t.Fatalf("the line does not read back as the registry's: %q, %v", e.Data.CompanyName, err)
	}
	for _, want := range []string{"waiting for the stream's answer", "connected, following live", "a line that is no event was skipped"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr does not say %q:\n%s", want, r.stderr)
		}
	}
	if !strings.Contains(r.stderr, "stream companies: 2 events, 1 repeat skipped, 1 line that is no event skipped, 1 connection") {
		t.Errorf("no summary:\n%s", r.stderr)
	}
}

func TestStreamPrintsOnlyTheCompaniesAndKindsAskedFor(t *testing.T) {
	t.Parallel()
	srv := streamServer(t, func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w,
			eventLine("company-profile", "00006400", "a", "A", 1),
			eventLine("filing-history", "SC006405", "b", "B", 2),
			eventLine("company-profile", "SC006405", "c", "C", 3),
			eventLine("company-profile", "00000001", "d", "D", 4),
			eventLine("company-profile", "00006400", "e", "E", 5),
		)
	})
	r := runUntil(t, streamEnv(srv.URL), nLines(3), "stream", "companies", "--company", "6400,sc6405", "--kind", "company-profile")
	got := lines(r.stdout)
	if r.code != 0 || len(got) != 3 || !strings.Contains(got[0], `"timepoint":1`) || !strings.Contains(got[1], `"timepoint":3`) || !strings.Contains(got[2], `"timepoint":5`) {
		t.Fatalf("exit %d, stdout:\n%s", r.code, r.stdout)
	}
}

func TestStreamResumesAtTheTimepointGiven(t *testing.T) {
	t.Parallel()
	asked := make(chan string, 4)
	srv := streamServer(t, func(w http.ResponseWriter, r *http.Request) {
		asked <- r.URL.RawQuery
		fmt.Fprint(w, eventLine("filing-history", "00006400", "a", "A", 41))
	})
	r := runUntil(t, streamEnv(srv.URL), nLines(1), "stream", "filings", "--timepoint", "41")
	if r.code != 0 || <-asked != "timepoint=41" {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
}

func TestTheDemosStreamIsFollowedWithItsOwnKey(t *testing.T) {
	t.Parallel()
	from := demo.StreamTimepoint("filings", time.Now().Add(-10*time.Minute))
	r := runUntil(t, map[string]string{"COVIEW_STREAM_KEY": "not even a key"}, nLines(5), "--demo", "stream", "filings", "--timepoint", strconv.FormatInt(from, 10))
	if r.code != 0 || len(lines(r.stdout)) < 5 || !strings.Contains(lines(r.stdout)[0], fmt.Sprintf(`"timepoint":%d`, from)) {
		t.Fatalf("exit %d:\n%s\n%s", r.code, r.stdout, r.stderr)
	}
}

func TestAStreamThatRefusesTheKeyEndsWithExit3(t *testing.T) {
	t.Parallel()
	s := testkit.DemoWithDocuments(t, demo.ServeOptions{})
	tests := []struct {
		name, key string
		says      []string
	}{
		{"a streaming key of no account", "11111111-2222-4333-8444-555555555555", []string{"401 Invalid Authorization", "streaming key", "not the REST API key"}},
		{"the REST key given for the streaming key", demo.Key, []string{"401 Invalid Authorization", "is the REST API key kept for"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			env := map[string]string{"COVIEW_STREAM_URL": s.StreamURL, "COVIEW_STREAM_KEY": tc.key, "COVIEW_BASE_URL": s.RegistryURL, "COVIEW_API_KEY": demo.Key}
			r := runUntil(t, env, nil, "stream", "filings")
			if r.code != exitAuth {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			for _, want := range tc.says {
				if !strings.Contains(r.stderr, want) {
					t.Errorf("stderr does not say %q:\n%s", want, r.stderr)
				}
			}
			if strings.Contains(r.stderr+r.stdout, tc.key) {
				t.Errorf("the key is printed:\n%s", r.stderr)
			}
		})
	}
}

func TestStreamWithoutAStreamingKeySaysHowToKeepOne(t *testing.T) {
	t.Parallel()
	r := runUntil(t, map[string]string{"COVIEW_API_KEY": demo.Key}, nil, "stream", "filings")
	if r.code != exitAuth || !strings.Contains(r.stderr, "no streaming key for stream.companieshouse.gov.uk: set COVIEW_STREAM_KEY") ||
		!strings.Contains(r.stderr, "coview auth login --stream") || !strings.Contains(r.stderr, "not the REST API key") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
}

func TestStreamRefusesWhatIsNoStreamBeforeAskingAnything(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"stream"}, "needs the name of a stream"},
		{[]string{"stream", "filngs"}, "(did you mean filings?)"},
		{[]string{"stream", "filings", "officers"}, "one stream at a time"},
		{[]string{"stream", "filings", "--timepoint", "-3"}, "want a whole number of at least 0"},
		{[]string{"stream", "filings", "--timepoint", "1e6"}, "want a whole number"},
		{[]string{"stream", "filings", "--company", "ABC"}, "--company"},
		{[]string{"stream", "filings", "--kind", "filing-histroy"}, "(did you mean filing-history?)"},
		{[]string{"stream", "filings", "--stream-url", "ftp://x"}, "invalid stream URL"},
	} {
		r := run(t, "", map[string]string{"COVIEW_STREAM_KEY": streamKey}, tc.args...)
		if r.code != exitUsage || !strings.Contains(r.stderr, tc.says) {
			t.Errorf("coview %s: exit %d: %s", strings.Join(tc.args, " "), r.code, r.stderr)
		}
	}
}

func TestTheStreamingKeyNeverLeavesTheStreamsOrigin(t *testing.T) {
	t.Parallel()
	elsewhere := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, elsewhere.URL+"/filings", http.StatusFound)
	}))
	r := runUntil(t, streamEnv(srv.URL), nil, "stream", "filings")
	if r.code != exitFailure || !strings.Contains(r.stderr, "another host") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if n := elsewhere.Counts().Requests; n != 0 {
		t.Fatalf("the other host was asked %d times", n)
	}
	if strings.Contains(r.stderr, streamKey) {
		t.Fatal("the key is printed")
	}
}

func TestHostileAnswersFromAStreamNeverReachTheTerminalRaw(t *testing.T) {
	t.Parallel()
	body, _ := json.Marshal(map[string]string{"error": hostile})
	for _, status := range []int{401, 403, 404, 400} {
		t.Run(strconv.Itoa(status), func(t *testing.T) {
			t.Parallel()
			srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(status)
				w.Write(bytes.ReplaceAll(body, []byte(rawMark), []byte("\xff\x9b")))
			}))
			r := runUntil(t, streamEnv(srv.URL), nil, "stream", "filings")
			if r.code == 0 {
				t.Fatalf("exit 0 after a %d", status)
			}
			assertNothingRaw(t, "stderr", r.stderr)
		})
	}
}

func TestAuthStatusShowsBothKeysAndWhetherEachWorks(t *testing.T) {
	t.Parallel()
	r := run(t, "", nil, "--demo", "auth", "status")
	if r.code != 0 || !strings.Contains(r.stdout, "stream key:      "+demoStreamKey.String()) || !strings.Contains(r.stdout, "stream accepted: yes") ||
		!strings.Contains(r.stdout, "accepted:  yes") {
		t.Fatalf("exit %d:\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	s := testkit.DemoWithDocuments(t, demo.ServeOptions{})
	base := map[string]string{"COVIEW_STREAM_URL": s.StreamURL, "COVIEW_BASE_URL": s.RegistryURL, "COVIEW_API_KEY": demo.Key}
	with := func(k string) map[string]string {
		m := map[string]string{"COVIEW_STREAM_KEY": k}
		for n, v := range base {
			m[n] = v
		}
		return m
	}
	r = run(t, "", base, "auth", "status")
	if r.code != 0 || !strings.Contains(r.stdout, "stream key:      none (set COVIEW_STREAM_KEY, or run coview auth login --stream)") {
		t.Fatalf("no streaming key: exit %d:\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	r = run(t, "", with(demo.StreamKey), "auth", "status")
	if r.code != 0 || !strings.Contains(r.stdout, "stream source:   environment (COVIEW_STREAM_KEY)") || !strings.Contains(r.stdout, "stream accepted: yes") {
		t.Fatalf("a working streaming key: exit %d:\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	r = run(t, "", with(demo.Key), "auth", "status")
	if r.code != exitAuth || !strings.Contains(r.stdout, "stream accepted: no") || !strings.Contains(r.stderr, "is the REST API key kept for") {
		t.Fatalf("the REST key as the streaming key: exit %d:\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	r = run(t, "", with(demo.StreamKey), "auth", "status", "--offline")
	if r.code != 0 || !strings.Contains(r.stdout, "stream accepted: not checked (--offline)") {
		t.Fatalf("--offline: exit %d:\n%s", r.code, r.stdout)
	}
}

func TestAuthLoginAndLogoutStreamKeepTheStreamingKeyApart(t *testing.T) {
	t.Parallel()
	s := testkit.DemoWithDocuments(t, demo.ServeOptions{})
	home := t.TempDir()
	env := map[string]string{"COVIEW_STREAM_URL": s.StreamURL, "COVIEW_BASE_URL": s.RegistryURL, "XDG_CONFIG_HOME": home, "HOME": home}
	noBus := func(e *Env) { e.SessionBus = func() bool { return false } }
	r := runWith(t, demo.Key+"\n", env, noBus, "auth", "login", "--stream", "--insecure-storage")
	if r.code != exitAuth || !strings.Contains(r.stderr, "nothing was stored") || !strings.Contains(r.stderr, "REST API key") {
		t.Fatalf("the REST key offered as the streaming key: exit %d: %s", r.code, r.stderr)
	}
	r = runWith(t, demo.StreamKey+"\n", env, noBus, "auth", "login", "--stream", "--insecure-storage")
	if r.code != 0 || !strings.Contains(r.stderr, "accepted the key") || !strings.Contains(r.stderr, "stored the streaming key") {
		t.Fatalf("login --stream: exit %d: %s", r.code, r.stderr)
	}
	r = runWith(t, "", env, noBus, "auth", "status")
	if !strings.Contains(r.stdout, "stream accepted: yes") || !strings.Contains(r.stdout, "key:       none") {
		t.Fatalf("status after login --stream: the streaming key must not be taken for the REST key:\n%s\n%s", r.stdout, r.stderr)
	}
	r = runWith(t, "", env, noBus, "auth", "logout", "--stream")
	if r.code != 0 || !strings.Contains(r.stderr, "removed the streaming key") {
		t.Fatalf("logout --stream: exit %d: %s", r.code, r.stderr)
	}
	r = runWith(t, "", env, noBus, "auth", "status")
	if !strings.Contains(r.stdout, "stream key:      none") {
		t.Fatalf("status after logout --stream:\n%s", r.stdout)
	}
	for _, out := range []string{r.stdout, r.stderr} {
		if strings.Contains(out, demo.StreamKey) {
			t.Fatal("the streaming key is printed")
		}
	}
}

// Not parallel: it signals the whole process (see
// TestASignalGivesTheExitStatusShellsExpect).
func TestStreamEndsOnSIGINTAndSIGTERMWith130And143(t *testing.T) {
	for _, tc := range []struct {
		sig  syscall.Signal
		want int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		ctx, stop := NotifySignals(context.Background(), syscall.SIGINT, syscall.SIGTERM)
		errb := &lockedBuffer{}
		connected := make(chan struct{})
		var once sync.Once
		errb.enough = func(s string) bool { return strings.Contains(s, "connected") }
		errb.done = func() { once.Do(func() { close(connected) }) }
		e := Env{Stdin: strings.NewReader(""), Stdout: &lockedBuffer{}, Stderr: errb, Getenv: func(string) string { return "" }}
		code := make(chan int, 1)
		go func() { code <- Main(ctx, []string{"--demo", "stream", "companies"}, e) }()
		select {
		case <-connected:
		case <-testtime.Bound(t):
			t.Fatalf("not connected: %s", errb.String())
		}
		syscall.Kill(syscall.Getpid(), tc.sig)
		select {
		case got := <-code:
			if got != tc.want {
				t.Errorf("%v: exit %d, want %d\n%s", tc.sig, got, tc.want, errb.String())
			}
		case <-testtime.Bound(t):
			t.Fatalf("%v did not end it", tc.sig)
		}
		stop()
	}
}

// auth status needs no streaming key, so not having one is said as
// "none", and that the keyring could not be asked for one is no news.
func TestAuthStatusWithoutAStreamingKeySaysNothingOfTheKeyring(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	noBus := func(e *Env) { e.SessionBus = func() bool { return false } }
	r := runWith(t, "", demoEnv(srv), noBus, "auth", "status")
	if r.code != 0 || strings.Contains(strings.ToLower(r.stderr), "keyring") || !strings.Contains(r.stdout, "stream key:      none") {
		t.Fatalf("exit %d:\n%s\n%s", r.code, r.stdout, r.stderr)
	}
}

// --plain prints the live page's rows: a company incorporated, a filing,
// each a line in words; the other streams refuse it before asking.
func TestStreamPlainPrintsIncorporationsAndFilingsInWords(t *testing.T) {
	t.Parallel()
	from := func(name string) string {
		return strconv.FormatInt(demo.StreamTimepoint(name, time.Now().Add(-time.Hour)), 10)
	}
	env := map[string]string{"COVIEW_STREAM_KEY": "not even a key"}
	incorporated := regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d  [0-9A-Z]{8}  [^ ].*  incorporated: [a-z]`)
	r := runUntil(t, env, nLines(2), "--demo", "stream", "companies", "--plain", "--timepoint", from("companies"))
	if got := lines(r.stdout); r.code != 0 || len(got) < 2 || !incorporated.MatchString(got[0]) || !incorporated.MatchString(got[1]) {
		t.Fatalf("companies: exit %d:\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	filed := regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d  [0-9A-Z]{8}  filed: [a-z]`)
	r = runUntil(t, env, nLines(2), "--demo", "stream", "filings", "--plain", "--timepoint", from("filings"))
	if got := lines(r.stdout); r.code != 0 || len(got) < 2 || !filed.MatchString(got[0]) || !filed.MatchString(got[1]) {
		t.Fatalf("filings: exit %d:\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	r = run(t, "", env, "--demo", "stream", "officers", "--plain")
	if r.code != exitUsage || !strings.Contains(r.stderr, "--plain reads the companies and filings streams") {
		t.Fatalf("officers --plain: exit %d, %s", r.code, r.stderr)
	}
}
