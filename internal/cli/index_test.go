package cli

import (
	"archive/zip"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"coview/api/demo"
	"coview/internal/testkit"
	"coview/register"
)

// hostileFile is a register's zip whose text holds what a terminal would
// obey: in a name, in a category word, and in a malformed row; names,
// when given, are the first company's and the malformed row's.
func hostileFile(t *testing.T, dir string, names ...string) string {
	t.Helper()
	evil, short := "EVIL \x1b]0;pwned\x07 LTD", "SHORT \x1b[2J ROW"
	if len(names) == 2 {
		evil, short = names[0], names[1]
	}
	header := strings.Split(demoHeader(t), ",")
	row := func(name, number, category string) string {
		f := make([]string, len(header))
		for i := range f {
			f[i] = `""`
		}
		f[0], f[1], f[10], f[11] = `"`+name+`"`, `"`+number+`"`, `"`+category+`"`, `"Active"`
		return strings.Join(f, ",")
	}
	text := strings.Join(header, ",") + "\r\n" +
		row(evil, "00000001", "Private Limited Company") + "\r\n" +
		row("ODD LTD", "00000002", "Strange \x1b[31mCategory") + "\r\n" +
		`"` + short + `","00000003"` + "\r\n"
	p := filepath.Join(dir, "BasicCompanyDataAsOneFile-2026-11-01.zip")
	f, _ := os.Create(p)
	z := zip.NewWriter(f)
	w, _ := z.Create("BasicCompanyDataAsOneFile-2026-11-01.csv")
	w.Write([]byte(text))
	z.Close()
	f.Close()
	return p
}

// demoHeader is the header of the demo's file, as its site serves it.
func demoHeader(t *testing.T) string {
	t.Helper()
	site := testkit.Serve(t, demo.NewDownloadHandler(nil))
	m, err := register.Find(context.Background(), site.Client(), site.URL)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "f.zip")
	if _, err := register.Download(context.Background(), m.URL, p, register.DownloadOptions{Client: site.Client()}); err != nil {
		t.Fatal(err)
	}
	z, _ := zip.OpenReader(p)
	defer z.Close()
	r, _ := z.File[0].Open()
	buf := make([]byte, 4096)
	n, _ := r.Read(buf)
	h, _, _ := strings.Cut(string(buf[:n]), "\r\n")
	return h
}

func indexEnv(t *testing.T) map[string]string {
	return map[string]string{"XDG_DATA_HOME": t.TempDir()}
}

func TestIndexUpdateFromTheDemosSiteThenStatusSayWhatItHolds(t *testing.T) {
	env := indexEnv(t)
	r := run(t, "", env, "--demo", "index", "update")
	if r.code != 0 || !strings.Contains(r.stdout, "companies from the register of") || !strings.Contains(r.stdout, "on disk, in") {
		t.Fatalf("update: %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	for _, want := range []string{"coview: downloading the monthly file: 100%", "coview: reading the file: 100%", "3 rows of the file could not be read whole (2 skipped)"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	s := run(t, "", env, "--demo", "index", "status", "--json")
	var j indexStatusJSON
	if err := json.Unmarshal([]byte(s.stdout), &j); err != nil || s.code != 0 {
		t.Fatalf("status: %v %d %s", err, s.code, s.stderr)
	}
	if !j.Demo || j.Rows != demo.MonthlyRows()+1 || j.Malformed != 3 || !strings.HasSuffix(j.Path, "register-demo.db") || !strings.Contains(j.URL, "BasicCompanyDataAsOneFile-") {
		t.Errorf("status %+v", j)
	}
	// The live register's index is another: there is none.
	if r := run(t, "", env, "index", "status"); r.code != exitNotFound || !strings.Contains(r.stderr, "coview index update makes one") {
		t.Errorf("the live index's status: %d %s", r.code, r.stderr)
	}
	if r := run(t, "", env, "--demo", "index", "remove"); r.code != 0 || !strings.Contains(r.stderr, "removed the index") {
		t.Errorf("remove: %d %s", r.code, r.stderr)
	}
	if r := run(t, "", env, "--demo", "index", "status"); r.code != exitNotFound {
		t.Errorf("status after remove: %d", r.code)
	}
}

func TestIndexUpdateFromADownloadURLAndFromFiles(t *testing.T) {
	site := testkit.Serve(t, demo.NewDownloadHandler(nil))
	for _, tc := range []struct {
		name string
		env  map[string]string
		args []string
	}{
		{"--download-url", nil, []string{"index", "update", "--download-url", site.URL + "/en_output.html"}},
		{"COVIEW_DOWNLOAD_URL", map[string]string{"COVIEW_DOWNLOAD_URL": site.URL + "/en_output.html"}, []string{"index", "update"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := indexEnv(t)
			for k, v := range tc.env {
				env[k] = v
			}
			r := run(t, "", env, tc.args...)
			if r.code != 0 {
				t.Fatalf("%d %s", r.code, r.stderr)
			}
			if leftover, _ := filepath.Glob(filepath.Join(env["XDG_DATA_HOME"], "coview", "*.zip*")); len(leftover) > 0 {
				t.Errorf("the download is left: %v", leftover)
			}
			s := run(t, "", env, "index", "status")
			if !strings.Contains(s.stdout, "the live register's") || !strings.Contains(s.stdout, site.URL) {
				t.Errorf("status:\n%s", s.stdout)
			}
		})
	}
	env := indexEnv(t)
	file := hostileFile(t, t.TempDir())
	r := run(t, "", env, "index", "update", "--from", file)
	if r.code != 0 || !strings.Contains(r.stdout, "2 companies") {
		t.Fatalf("--from: %d %s %s", r.code, r.stdout, r.stderr)
	}
	// What the file says is data: nothing a terminal would obey gets out.
	for _, out := range []string{r.stdout, r.stderr} {
		if strings.ContainsAny(out, "\x1b\x07") {
			t.Errorf("text from the file reached the output as it was: %q", out)
		}
	}
	if !strings.Contains(r.stderr, "Strange") || !strings.Contains(r.stderr, "is in no table of the registry's keys") {
		t.Errorf("the unknown category is not told: %s", r.stderr)
	}
}

func TestIndexUpdateFaultsAreToldWithTheirExitCodes(t *testing.T) {
	env := indexEnv(t)
	good := hostileFile(t, t.TempDir())
	if r := run(t, "", env, "index", "update", "--from", good); r.code != 0 {
		t.Fatalf("the first update: %d %s", r.code, r.stderr)
	}
	dir := t.TempDir()
	cut := filepath.Join(dir, "cut.zip")
	b, _ := os.ReadFile(good)
	os.WriteFile(cut, b[:len(b)/2], 0o600)
	csv := filepath.Join(dir, "other.csv")
	os.WriteFile(csv, []byte("Name,Number\r\nACME,1\r\n"), 0o600)
	for _, tc := range []struct {
		name string
		args []string
		code int
		says string
	}{
		{"a zip cut short", []string{"index", "update", "--from", cut}, exitBadFile, "is not a whole zip"},
		{"a CSV that is not the register's", []string{"index", "update", "--from", csv}, exitBadFile, "its header is not the register's"},
		{"a page that is no web address", []string{"index", "update", "--download-url", "ftp://x"}, exitUsage, "is not a web address"},
		{"a download site that is not there", []string{"index", "update", "--download-url", "http://127.0.0.1:1/en_output.html"}, exitFailure, "cannot be read"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := run(t, "", env, tc.args...)
			if r.code != tc.code || !strings.Contains(r.stderr, tc.says) {
				t.Errorf("exit %d, want %d; stderr %s", r.code, tc.code, r.stderr)
			}
			if tc.code != exitUsage && !strings.Contains(r.stderr, "the index in use is unchanged") {
				t.Errorf("it does not say the index in use is unchanged: %s", r.stderr)
			}
			if s := run(t, "", env, "index", "status"); !strings.Contains(s.stdout, "2 companies") {
				t.Errorf("the index in use changed:\n%s", s.stdout)
			}
		})
	}
	t.Run("two updates at once", func(t *testing.T) {
		path, _ := register.DefaultPath(func(k string) string { return env[k] }, false)
		lock, err := register.Lock(context.Background(), path, register.LockOptions{})
		if err != nil {
			t.Fatal(err)
		}
		defer lock.Release()
		r := run(t, "", env, "index", "update", "--from", good)
		if r.code != exitBusy || !strings.Contains(r.stderr, "is updating the index") || !strings.Contains(r.stderr, "--wait waits for it") {
			t.Errorf("exit %d; %s", r.code, r.stderr)
		}
	})
}

func TestTheStatusSaysWhenANewerMonthIsDue(t *testing.T) {
	env := indexEnv(t)
	if r := run(t, "", env, "index", "update", "--from", hostileFile(t, t.TempDir())); r.code != 0 {
		t.Fatal(r.stderr)
	}
	var out strings.Builder
	e := Env{Stdout: &out, Stderr: &out, Getenv: func(k string) string { return env[k] }}
	if err := runIndexStatus(context.Background(), false, false, time.Date(2026, 12, 10, 0, 0, 0, 0, time.UTC), e); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "should have published a newer month by now") {
		t.Errorf("status in December:\n%s", out.String())
	}
}
