package register

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestTheNewestMonthIsFoundOnTheDownloadPage(t *testing.T) {
	page := `<html><body><h2>Company data as one file:</h2><ul>
<li><a href="BasicCompanyDataAsOneFile-2026-10-01.zip">BasicCompanyDataAsOneFile-2026-10-01.zip (452Mb)</a></li>
<li><a href='files/BasicCompanyDataAsOneFile-2026-11-01.zip'>BasicCompanyDataAsOneFile-2026-11-01.zip</a></li>
</ul><h2>Company data as multiple files:</h2><ul>
<li><a href="files/BasicCompanyData-2026-11-01-part2_2.zip">part 2</a></li>
<li><a href="files/BasicCompanyData-2026-11-01-part1_2.zip">part 1</a></li>
<li><a href="mailto:someone@example.com">write</a></li>
</ul></body></html>`
	var auth []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth = append(auth, r.Header.Get("Authorization"))
		if r.URL.Path != "/data/en_output.html" {
			http.NotFound(w, r)
			return
		}
		w.Write([]byte(page))
	}))
	defer srv.Close()
	m, err := Find(context.Background(), srv.Client(), srv.URL+"/data/en_output.html")
	if err != nil {
		t.Fatal(err)
	}
	if m.Date != "2026-11-01" || m.URL != srv.URL+"/data/files/BasicCompanyDataAsOneFile-2026-11-01.zip" {
		t.Errorf("found %+v", m)
	}
	if len(m.Parts) != 2 || !strings.HasSuffix(m.Parts[0], "part1_2.zip") || !strings.HasSuffix(m.Parts[1], "part2_2.zip") {
		t.Errorf("parts %v", m.Parts)
	}
	if strings.Join(auth, "") != "" {
		t.Errorf("the download site was sent %q", auth)
	}
	_, err = Find(context.Background(), srv.Client(), srv.URL+"/elsewhere.html")
	var fe *FindError
	if !errors.As(err, &fe) || !strings.Contains(err.Error(), "answered 404") {
		t.Errorf("a page that is not there: %v", err)
	}
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("<a href=x.zip>x</a>")) }))
	defer other.Close()
	if _, err := Find(context.Background(), other.Client(), other.URL); err == nil || !strings.Contains(err.Error(), "links no monthly file") {
		t.Errorf("a page with no file: %v", err)
	}
}

func TestANewerMonthIsDueAWeekIntoTheNext(t *testing.T) {
	for _, tc := range []struct {
		now  string
		want bool
	}{{"2026-11-20", false}, {"2026-12-07", false}, {"2026-12-08", true}, {"2027-02-01", true}} {
		now, _ := time.Parse(time.DateOnly, tc.now)
		if got := NewerMonth("2026-11-01", now.Add(time.Hour)); got != tc.want {
			t.Errorf("on %s: %v, want %v", tc.now, got, tc.want)
		}
	}
}

// zipBytes is a register's zip of n companies.
func zipBytes(t *testing.T, n int) []byte {
	t.Helper()
	var rows []company
	for i := range n {
		rows = append(rows, active("COMPANY LTD", "0000"+strings.Repeat("0", 4-len(itoa(i)))+itoa(i)))
	}
	p := writeZip(t, filepath.Join(t.TempDir(), "z.zip"), "BasicCompanyDataAsOneFile-2026-11-01.csv", fileText(rows...))
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// flakySite serves body at /f.zip, cutting the first answer off after
// cut bytes; ranges as http.ServeContent does, unless noRanges.
type flakySite struct {
	body     []byte
	cut      int
	noRanges bool
	mu       sync.Mutex
	ranges   []string
}

func (s *flakySite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.ranges = append(s.ranges, r.Header.Get("Range"))
	first := len(s.ranges) == 1
	s.mu.Unlock()
	if r.Header.Get("Authorization") != "" {
		http.Error(w, "no keys here", http.StatusBadRequest)
		return
	}
	if s.noRanges {
		r.Header.Del("Range")
	}
	if first && s.cut > 0 {
		w.Header().Set("Content-Length", itoa(len(s.body)))
		w.Header().Set("ETag", `"v1"`)
		w.Write(s.body[:s.cut])
		w.(http.Flusher).Flush()
		conn, _, _ := w.(http.Hijacker).Hijack()
		conn.Close()
		return
	}
	w.Header().Set("ETag", `"v1"`)
	http.ServeContent(w, r, "f.zip", time.Time{}, bytes.NewReader(s.body))
}

func TestADownloadCutHalfWayGoesOnFromWhereItStopped(t *testing.T) {
	body := zipBytes(t, 300)
	for _, tc := range []struct {
		name       string
		noRanges   bool
		wantRanges []string
	}{
		{"with a range", false, []string{"", "bytes=" + itoa(len(body)/2) + "-"}},
		{"from the start when the site will not resume", true, []string{"", "bytes=" + itoa(len(body)/2) + "-"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			site := &flakySite{body: body, cut: len(body) / 2, noRanges: tc.noRanges}
			srv := httptest.NewServer(site)
			defer srv.Close()
			path := filepath.Join(t.TempDir(), "BasicCompanyDataAsOneFile-2026-11-01.zip")
			var resumed []int64
			var last Progress
			n, err := Download(context.Background(), srv.URL+"/f.zip", path, DownloadOptions{
				Client:   srv.Client(),
				After:    pausesPass,
				OnResume: func(from int64, _ error) { resumed = append(resumed, from) },
				Progress: func(p Progress) { last = p },
			})
			if err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(path)
			if n != int64(len(body)) || !bytes.Equal(got, body) {
				t.Errorf("downloaded %d bytes, not the file's %d", n, len(body))
			}
			if len(resumed) != 1 || resumed[0] != int64(len(body)/2) {
				t.Errorf("resumed from %v", resumed)
			}
			if strings.Join(site.ranges, ",") != strings.Join(tc.wantRanges, ",") {
				t.Errorf("ranges asked %q, want %q", site.ranges, tc.wantRanges)
			}
			if last.Done != int64(len(body)) || last.Total != int64(len(body)) {
				t.Errorf("the last progress %+v", last)
			}
			if _, err := os.Stat(path + ".part"); !os.IsNotExist(err) {
				t.Errorf("the part file is left: %v", err)
			}
		})
	}
}

func TestADownloadThatIsNoZipIsRefusedAndRemoved(t *testing.T) {
	site := &flakySite{body: []byte("<html>Service unavailable</html>")}
	srv := httptest.NewServer(site)
	defer srv.Close()
	path := filepath.Join(t.TempDir(), "BasicCompanyDataAsOneFile-2026-11-01.zip")
	_, err := Download(context.Background(), srv.URL+"/f.zip", path, DownloadOptions{Client: srv.Client()})
	var fe *FileError
	if !errors.As(err, &fe) {
		t.Fatalf("got %v, want a FileError", err)
	}
	for _, p := range []string{path, path + ".part"} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s is left", p)
		}
	}
}

func TestADownloadThatStallsEndsAfterItsIdleTimeAndSaysSo(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "1000")
		w.Write([]byte("PK"))
		w.(http.Flusher).Flush()
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(release)
	idle := make(chan time.Time)
	done := make(chan error, 1)
	go func() {
		_, err := Download(context.Background(), srv.URL+"/f.zip", filepath.Join(t.TempDir(), "f.zip"), DownloadOptions{
			Client: srv.Client(), Attempts: 1,
			After: func(time.Duration) <-chan time.Time { return idle },
		})
		done <- err
	}()
	idle <- time.Time{} // the idle time passes, by the test's clock
	err := <-done
	if !errors.Is(err, errIdle) || !strings.Contains(err.Error(), "nothing arrived for too long") {
		t.Errorf("got %v", err)
	}
}

// pausesPass is a clock on which the pauses between attempts pass at
// once and the idle minute never does.
func pausesPass(d time.Duration) <-chan time.Time {
	if d == time.Minute {
		return nil
	}
	c := make(chan time.Time)
	close(c)
	return c
}
