package register

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// DefaultDownloadURL is the registry's page of its monthly files.
const DefaultDownloadURL = "https://download.companieshouse.gov.uk/en_output.html"

// Monthly is a month's file as the download page links it: the one file,
// and its parts, if the page links them.
type Monthly struct {
	Date  string // the register's date, yyyy-mm-dd
	URL   string
	Parts []string // in order
}

// FindError is a download page that could not be read, or that links no
// monthly file.
type FindError struct {
	Page   string
	Reason string
	Err    error
}

func (e *FindError) Error() string { return e.Page + ": " + e.Reason }
func (e *FindError) Unwrap() error { return e.Err }

// maxPage bounds the download page read: the live one is a few kB.
const maxPage = 4 << 20

// pageTimeout bounds the wait for the download page.
const pageTimeout = 30 * time.Second

// Find reads the download page at page (DefaultDownloadURL when "") with
// client, which must be a plain client: nothing of the registry's API,
// and no key, ever goes to the download site. It returns the newest
// month's file the page links.
func Find(ctx context.Context, client *http.Client, page string) (*Monthly, error) {
	if page == "" {
		page = DefaultDownloadURL
	}
	base, err := url.Parse(page)
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return nil, &FindError{Page: page, Reason: "is not a web address (http:// or https://)"}
	}
	ctx, cancel := context.WithTimeout(ctx, pageTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, page, nil)
	if err != nil {
		return nil, &FindError{Page: page, Reason: err.Error(), Err: err}
	}
	resp, err := client.Do(req)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) && ctx.Err() != nil {
			return nil, &FindError{Page: page, Reason: fmt.Sprintf("did not answer within %s", pageTimeout), Err: err}
		}
		return nil, &FindError{Page: page, Reason: "cannot be read: " + netReason(err), Err: err}
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, &FindError{Page: page, Reason: "answered " + resp.Status}
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxPage))
	if err != nil {
		return nil, &FindError{Page: page, Reason: "broke off: " + netReason(err), Err: err}
	}
	return monthlyIn(string(body), resp.Request.URL, page)
}

// monthlyIn finds the newest month in a page's links.
func monthlyIn(body string, base *url.URL, page string) (*Monthly, error) {
	ones := map[string]string{}
	parts := map[string]map[int]string{}
	totals := map[string]int{}
	for _, m := range pattern().href.FindAllStringSubmatch(body, -1) {
		href := m[1] + m[2] + m[3]
		u, err := base.Parse(strings.TrimSpace(href))
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
			continue
		}
		name := u.Path[strings.LastIndex(u.Path, "/")+1:]
		if f := pattern().oneFile.FindStringSubmatch(name); f != nil {
			ones[f[1]] = u.String()
		}
		if f := pattern().partFile.FindStringSubmatch(name); f != nil {
			n, _ := strconv.Atoi(f[2])
			t, _ := strconv.Atoi(f[3])
			if parts[f[1]] == nil {
				parts[f[1]] = map[int]string{}
			}
			parts[f[1]][n] = u.String()
			totals[f[1]] = t
		}
	}
	if len(ones) == 0 {
		return nil, &FindError{Page: page, Reason: "links no monthly file (BasicCompanyDataAsOneFile-YYYY-MM-01.zip): is it the registry's download page?"}
	}
	var dates []string
	for d := range ones {
		dates = append(dates, d)
	}
	slices.Sort(dates)
	newest := dates[len(dates)-1]
	m := &Monthly{Date: newest, URL: ones[newest]}
	if t := totals[newest]; t > 0 && len(parts[newest]) == t {
		for i := 1; i <= t; i++ {
			m.Parts = append(m.Parts, parts[newest][i])
		}
	}
	return m, nil
}

// netReason is a network error in a few words: what a person can act on.
func netReason(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return err.Error()
}

// NewerMonth reports whether, by now, the registry should have
// published a newer month's file than the one of date (yyyy-mm-dd): the
// file is named after the first of its month and comes out within the
// first week or so of it.
func NewerMonth(date string, now time.Time) bool {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return false
	}
	next := time.Date(d.Year(), d.Month()+1, 1, 0, 0, 0, 0, time.UTC)
	return !now.Before(next.AddDate(0, 0, 7))
}
