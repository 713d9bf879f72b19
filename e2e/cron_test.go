package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"coview/api/demo"
)

// The README's crontab line, run as cron runs it on a host with no
// session bus (issue 31, item 1): by sh, with HOME and a short PATH and
// nothing else of the user's, the key kept as the README says, with auth
// login --insecure-storage. It mails only news: the first check records
// what is there and says nothing at all, a check after a change prints
// the change and nothing on stderr, and one after that nothing at all.
// (Every check used to say on stderr that the key came from the
// plain-text file, so cron mailed every hour.)
func TestTheREADMEsCrontabLineMailsOnlyNewsOnAHostWithNoSessionBus(t *testing.T) {
	t.Parallel()
	const number = "00006421"
	at := livingEventAfter(number, time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC))
	var now atomic.Int64
	now.Store(at.Add(-90 * time.Second).UnixNano())
	srv := demoBehindKey(t, goodKey, demo.Options{Now: func() time.Time { return time.Unix(0, now.Load()).UTC() }})

	// The user's shell: no XDG directories set, as on most servers.
	var env []string
	for _, e := range cleanEnv(t) {
		if !strings.HasPrefix(e, "XDG_") {
			env = append(env, e)
		}
	}
	home := getenv(env, "HOME")
	if r := runCoview(t, env, goodKey+"\n", "auth", "login", "--insecure-storage", "--base-url", srv.URL); r.code != 0 {
		t.Fatalf("auth login --insecure-storage: exit %d, %s", r.code, r.stderr)
	}
	if r := runCoview(t, env, "", "watch", "add", "--base-url", srv.URL, number); r.code != 0 {
		t.Fatalf("watch add: exit %d, %s", r.code, r.stderr)
	}

	line := crontabLine(t)
	cron := func() result {
		t.Helper()
		cmd := exec.Command("/bin/sh", "-c", line)
		cmd.Dir = home
		// What cron gives a job: HOME, LOGNAME, SHELL and a short PATH
		// (coview installed on it), and a variable set in the crontab for
		// a registry other than the live one.
		cmd.Env = []string{"HOME=" + home, "LOGNAME=coview", "SHELL=/bin/sh",
			"PATH=" + filepath.Dir(binary) + ":/usr/bin:/bin", "COVIEW_BASE_URL=" + srv.URL}
		var out, errb strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		r := result{stdout: out.String(), stderr: errb.String()}
		if ee, ok := err.(*exec.ExitError); ok {
			r.code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		noSecret(t, r, testKeys...)
		return r
	}
	if r := cron(); r.code != 0 || r.stdout != "" || r.stderr != "" {
		t.Fatalf("the first check from cron: exit %d, stdout %q, stderr %q; want nothing at all", r.code, r.stdout, r.stderr)
	}
	now.Store(at.Add(30 * time.Second).UnixNano())
	r := cron()
	if r.code != 0 || !strings.Contains(r.stdout, number+"  WEATHERVANE WINDOWS LTD  ") || r.stderr != "" {
		t.Fatalf("the check after a change: exit %d, stdout %q, stderr %q; want the change, and nothing on stderr", r.code, r.stdout, r.stderr)
	}
	if r := cron(); r.code != 0 || r.stdout != "" || r.stderr != "" {
		t.Fatalf("the check after that: exit %d, stdout %q, stderr %q; want nothing at all", r.code, r.stdout, r.stderr)
	}

	// The key was read from where auth login kept it, and on a terminal
	// its use is still said.
	if _, err := os.Stat(filepath.Join(home, ".config", "coview", "keys.json")); err != nil {
		t.Fatalf("the key is not where the README says: %v", err)
	}
	if r := runCoview(t, env, "", "--base-url", srv.URL, "--plain", number); r.code != 0 || !strings.Contains(r.stderr, "plain text") {
		t.Fatalf("a lookup with the key from the file: exit %d, %q", r.code, r.stderr)
	}
}

// crontabLine is the command of the README's crontab line: what cron
// hands to sh.
func crontabLine(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if !strings.Contains(l, "# a crontab line") {
			continue
		}
		l, _, _ = strings.Cut(l, " #")
		f := strings.Fields(l)
		if len(f) < 6 || f[0] != "17" || f[1] != "*" {
			t.Fatalf("the README's crontab line is not one: %q", l)
		}
		return strings.Join(f[5:], " ")
	}
	t.Fatal("the README has no crontab line")
	return ""
}
