package register

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"
)

// DownloadOptions say how to fetch a file and whom to tell.
type DownloadOptions struct {
	// Client must be a plain client: no key ever goes to the download site.
	Client *http.Client
	// Progress is told the bytes as they come, at most every
	// progressEvery and once at the end.
	Progress func(Progress)
	// OnResume is told when a download that broke off goes on from where
	// it stopped, and why it stopped.
	OnResume func(from int64, why error)
	// IdleTimeout ends an attempt that brings nothing for that long
	// (default one minute); Attempts is how many are made (default 5).
	IdleTimeout time.Duration
	Attempts    int
	// Now and After are the clock; nil is the system's.
	Now   func() time.Time
	After func(time.Duration) <-chan time.Time
}

// DownloadError is a file that could not be fetched whole.
type DownloadError struct {
	URL    string
	Reason string
	Err    error
}

func (e *DownloadError) Error() string { return e.URL + ": " + e.Reason }
func (e *DownloadError) Unwrap() error { return e.Err }

// errIdle is an attempt that brought nothing for the idle timeout.
var errIdle = errors.New("nothing arrived for too long")

const progressEvery = 200 * time.Millisecond

// Download fetches fileURL into path, whole. It writes to path+".part",
// which a later call resumes with an HTTP Range request where it stopped
// (If-Range makes sure the file is still the same one; if the site
// answers with the whole file instead, it starts again). A break is
// retried, from where it stopped, up to Attempts times, each wait
// bounded and ended by ctx. The zip is checked before it is put at path:
// a file that is not a whole zip holding the register's CSV is refused
// (*FileError) and removed. It returns the file's size.
func Download(ctx context.Context, fileURL, path string, opt DownloadOptions) (int64, error) {
	if opt.Client == nil {
		opt.Client = &http.Client{}
	}
	if opt.IdleTimeout <= 0 {
		opt.IdleTimeout = time.Minute
	}
	if opt.Attempts <= 0 {
		opt.Attempts = 5
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.After == nil {
		opt.After = time.After
	}
	part := path + ".part"
	d := &downloading{url: fileURL, part: part, opt: opt, started: opt.Now(), total: -1}
	var last error
	for attempt := 0; attempt < opt.Attempts; attempt++ {
		if attempt > 0 {
			pause := min(time.Duration(1<<attempt)*time.Second, 30*time.Second)
			select {
			case <-ctx.Done():
				return 0, ctx.Err()
			case <-opt.After(pause):
			}
		}
		done, retry, err := d.attempt(ctx)
		if err == nil {
			break
		}
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
		if !retry {
			return 0, err
		}
		last = err
		if opt.OnResume != nil {
			opt.OnResume(done, err)
		}
		if attempt == opt.Attempts-1 {
			return 0, &DownloadError{URL: fileURL, Err: last, Reason: fmt.Sprintf(
				"broke off %d times (last: %v); %s of it is kept, and coview index update goes on from there", opt.Attempts, last, bytesInWords(done))}
		}
	}
	fi, err := os.Stat(part)
	if err != nil {
		return 0, err
	}
	if d.total >= 0 && fi.Size() != d.total {
		return 0, &DownloadError{URL: fileURL, Reason: fmt.Sprintf("came to %d bytes where the site said %d", fi.Size(), d.total)}
	}
	if err := checkZip(part, fileURL); err != nil {
		os.Remove(part)
		os.Remove(part + ".etag")
		return 0, err
	}
	if err := os.Rename(part, path); err != nil {
		return 0, err
	}
	os.Remove(part + ".etag")
	return fi.Size(), nil
}

// downloading is one file being fetched.
type downloading struct {
	url, part string
	opt       DownloadOptions
	total     int64 // -1 when not known
	started   time.Time
}

// attempt fetches what is missing of the file: it returns how much of
// it there is, and whether a failure is worth trying again.
func (d *downloading) attempt(ctx context.Context) (done int64, retry bool, err error) {
	have := int64(0)
	if fi, err := os.Stat(d.part); err == nil {
		have = fi.Size()
	}
	validator, _ := os.ReadFile(d.part + ".etag")
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, d.url, nil)
	if err != nil {
		return have, false, &DownloadError{URL: d.url, Reason: err.Error(), Err: err}
	}
	if have > 0 {
		req.Header.Set("Range", "bytes="+strconv.FormatInt(have, 10)+"-")
		if v := strings.TrimSpace(string(validator)); v != "" {
			req.Header.Set("If-Range", v)
		}
	}
	alive := make(chan struct{}, 1)
	stop := make(chan struct{})
	defer close(stop)
	go d.watch(alive, stop, cancel)
	resp, err := d.opt.Client.Do(req)
	if err != nil {
		if errors.Is(context.Cause(ctx), errIdle) {
			err = errIdle
		}
		return have, true, &DownloadError{URL: d.url, Reason: "cannot be fetched: " + netReason(err), Err: err}
	}
	defer resp.Body.Close()
	flags := os.O_WRONLY | os.O_CREATE
	switch resp.StatusCode {
	case http.StatusPartialContent:
		start, total, ok := contentRange(resp.Header.Get("Content-Range"))
		if !ok || start != have {
			return have, false, &DownloadError{URL: d.url, Reason: "answered a range other than the one asked for (" + resp.Header.Get("Content-Range") + ")"}
		}
		d.total = total
		flags |= os.O_APPEND
	case http.StatusOK:
		// The whole file: the first time, or the site would not resume.
		d.total = resp.ContentLength
		flags |= os.O_TRUNC
		have = 0
	case http.StatusRequestedRangeNotSatisfiable:
		if _, total, ok := contentRange(resp.Header.Get("Content-Range")); ok && total == have {
			d.total = total
			return have, false, nil // it was all there
		}
		os.Remove(d.part)
		return 0, true, &DownloadError{URL: d.url, Reason: "would not resume where it stopped; starting again"}
	default:
		retry := resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests
		return have, retry, &DownloadError{URL: d.url, Reason: "answered " + resp.Status}
	}
	if v := resp.Header.Get("ETag"); v != "" && !strings.HasPrefix(v, "W/") {
		os.WriteFile(d.part+".etag", []byte(v), 0o600)
	} else if v := resp.Header.Get("Last-Modified"); v != "" {
		os.WriteFile(d.part+".etag", []byte(v), 0o600)
	}
	f, err := os.OpenFile(d.part, flags, 0o600)
	if err != nil {
		return have, false, fmt.Errorf("cannot write the download: %w", err)
	}
	defer f.Close()
	done, err = d.copy(f, resp.Body, have, alive)
	if err != nil {
		if errors.Is(context.Cause(ctx), errIdle) {
			err = errIdle
		}
		var pe *os.PathError
		if errors.As(err, &pe) {
			return done, false, fmt.Errorf("cannot write the download to %s: %w", d.part, pe.Err)
		}
		return done, true, err
	}
	if d.total >= 0 && done < d.total {
		return done, true, io.ErrUnexpectedEOF
	}
	if d.opt.Progress != nil {
		d.opt.Progress(d.progress(done))
	}
	return done, false, f.Sync()
}

// copy writes the body after the have bytes already there, saying how
// it goes, and telling the watchdog each time bytes come.
func (d *downloading) copy(f *os.File, body io.Reader, have int64, alive chan<- struct{}) (int64, error) {
	buf := make([]byte, 256<<10)
	done := have
	last := d.opt.Now()
	for {
		n, err := body.Read(buf)
		if n > 0 {
			select {
			case alive <- struct{}{}:
			default:
			}
			if _, werr := f.Write(buf[:n]); werr != nil {
				return done, werr
			}
			done += int64(n)
			if now := d.opt.Now(); d.opt.Progress != nil && now.Sub(last) >= progressEvery {
				last = now
				d.opt.Progress(d.progress(done))
			}
		}
		if errors.Is(err, io.EOF) {
			return done, nil
		}
		if err != nil {
			return done, err
		}
	}
}

func (d *downloading) progress(done int64) Progress {
	el := d.opt.Now().Sub(d.started)
	p := Progress{Stage: StageDownload, Done: done, Total: max(d.total, 0), Elapsed: el, Left: -1}
	if el > 0 {
		p.Rate = float64(done) / el.Seconds()
	}
	if d.total > 0 {
		p.Left = estimate(done, d.total, el)
	}
	return p
}

// watch ends an attempt when nothing arrives for the idle timeout.
func (d *downloading) watch(alive <-chan struct{}, stop <-chan struct{}, cancel context.CancelCauseFunc) {
	for {
		select {
		case <-stop:
			return
		case <-alive:
		case <-d.opt.After(d.opt.IdleTimeout):
			cancel(errIdle)
			return
		}
	}
}

// contentRange reads "bytes 100-199/200" (or "bytes */200"): the first
// byte and the whole size, -1 when not said.
func contentRange(s string) (start, total int64, ok bool) {
	rest, found := strings.CutPrefix(s, "bytes ")
	if !found {
		return 0, 0, false
	}
	span, size, found := strings.Cut(rest, "/")
	if !found {
		return 0, 0, false
	}
	total = -1
	if size != "*" {
		t, err := strconv.ParseInt(size, 10, 64)
		if err != nil {
			return 0, 0, false
		}
		total = t
	}
	if span == "*" {
		return 0, total, true
	}
	first, _, _ := strings.Cut(span, "-")
	start, err := strconv.ParseInt(first, 10, 64)
	return start, total, err == nil
}

// bytesInWords is a size as people read it: 512 MB.
func bytesInWords(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<10:
		return fmt.Sprintf("%d kB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
