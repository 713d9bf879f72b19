package demo

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"
)

// The download site (download.companieshouse.gov.uk): a page, like the
// registry's en_output.html, linking the month's file of the demo's
// companies as one zip and as two parts, which it serves with Range
// requests answered (for a download that broke off) and an ETag. The
// month is the one the demo's clock is in, named after its first day as
// the registry names its files; the file's contents are the same whatever
// the month.

// monthlyParts is how many parts the file is also offered in.
const monthlyParts = 2

// downloadSite serves the site.
type downloadSite struct {
	now   func() time.Time
	mu    sync.Mutex
	files map[string][]byte // by name, for the month last asked
	month string
}

// NewDownloadHandler is the demo's download site, on the clock now (nil
// is time.Now).
func NewDownloadHandler(now func() time.Time) http.Handler {
	if now == nil {
		now = time.Now
	}
	return &downloadSite{now: now}
}

// MonthlyDate is the register's date of the demo's file at a time: the
// first of its month.
func MonthlyDate(t time.Time) string {
	return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
}

func (d *downloadSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	date := MonthlyDate(d.now())
	name := strings.TrimPrefix(r.URL.Path, "/")
	if name == "" || name == "en_output.html" {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, d.page(date))
		return
	}
	body, ok := d.filesOf(date)[name]
	if !ok {
		http.NotFound(w, r)
		return
	}
	modified, _ := time.Parse(time.DateOnly, date)
	w.Header().Set("Content-Type", "application/zip")
	w.Header().Set("ETag", `"`+etag("monthly", date, name)+`"`)
	http.ServeContent(w, r, name, modified, bytes.NewReader(body))
}

// page is the download page of the month.
func (d *downloadSite) page(date string) string {
	files := d.filesOf(date)
	link := func(name string) string {
		return fmt.Sprintf("<li><a href=\"%s\">%s  (%dKb)</a></li>\n", name, name, len(files[name])>>10+1)
	}
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\"><head><title>Companies House Data Products</title></head><body>\n")
	b.WriteString("<h1>Free Company Data Product</h1>\n<p>The snapshot data file is updated monthly; this one was last updated " + date + ".</p>\n")
	b.WriteString("<h2>Company data as one file:</h2>\n<ul>\n" + link(oneFileName(date)) + "</ul>\n")
	b.WriteString("<h2>Company data as multiple files:</h2>\n<ul>\n")
	for i := 1; i <= monthlyParts; i++ {
		b.WriteString(link(partName(date, i)))
	}
	b.WriteString("</ul>\n</body></html>\n")
	return b.String()
}

func oneFileName(date string) string { return "BasicCompanyDataAsOneFile-" + date + ".zip" }
func partName(date string, i int) string {
	return fmt.Sprintf("BasicCompanyData-%s-part%d_%d.zip", date, i, monthlyParts)
}

// filesOf are the month's zips by name, made once a month.
func (d *downloadSite) filesOf(date string) map[string][]byte {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.month == date {
		return d.files
	}
	csv := sharedMonthlyCSV()
	modified, _ := time.Parse(time.DateOnly, date)
	files := map[string][]byte{oneFileName(date): zipOf(strings.TrimSuffix(oneFileName(date), ".zip")+".csv", csv, modified)}
	header, rows, _ := bytes.Cut(csv, []byte("\r\n"))
	lines := bytes.SplitAfter(rows, []byte("\r\n"))
	if len(lines) > 0 && len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	per := (len(lines) + monthlyParts - 1) / monthlyParts
	for i := 1; i <= monthlyParts; i++ {
		part := append(append([]byte{}, header...), "\r\n"...)
		for _, l := range lines[min((i-1)*per, len(lines)):min(i*per, len(lines))] {
			part = append(part, l...)
		}
		files[partName(date, i)] = zipOf(strings.TrimSuffix(partName(date, i), ".zip")+".csv", part, modified)
	}
	d.files, d.month = files, date
	return files
}

// zipOf is a zip holding one file, the same bytes for the same input.
func zipOf(name string, body []byte, modified time.Time) []byte {
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	w, err := z.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: modified})
	if err == nil {
		_, err = w.Write(body)
	}
	if err == nil {
		err = z.Close()
	}
	if err != nil {
		panic("demo: zipping the monthly file: " + err.Error())
	}
	return buf.Bytes()
}
