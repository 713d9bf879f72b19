package stream

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"coview/api"
)

// Causes of a connection's end, set as its context's cause.
var (
	errNoAnswer = errors.New("no answer in time")
	errDead     = errors.New("no byte for three heartbeats")
	errDone     = errors.New("the connection is done with")
)

// request is the request for the stream from the follow's place.
func (f *follower) request(ctx context.Context) (*http.Request, error) {
	u := *f.s.base
	u.Path += "/" + f.name
	if f.next >= 0 {
		u.RawQuery = "timepoint=" + strconv.FormatInt(f.next, 10)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, &Error{Stream: f.name, kind: kindRefused, Reason: "the URL cannot be built"}
	}
	req.SetBasicAuth(f.s.opts.Key, "")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", f.s.opts.UserAgent)
	return req, nil
}

// connect makes one connection and reads it until it ends.
func (f *follower) connect(ctx context.Context) outcome {
	o, resp, cctx, cancel := f.open(ctx)
	if resp == nil {
		return o
	}
	defer cancel(errDone)
	defer resp.Body.Close()
	return f.read(ctx, cctx, cancel, resp.Body)
}

// open asks for the stream and waits for its answer, at most
// ConnectTimeout. It returns the response only when it is a 200, with the
// connection's context and its cancel; otherwise how it ended.
func (f *follower) open(ctx context.Context) (outcome, *http.Response, context.Context, context.CancelCauseFunc) {
	s := f.s
	cctx, cancel := context.WithCancelCause(ctx)
	req, err := f.request(cctx)
	if err != nil {
		cancel(errDone)
		return outcome{end: endFatal, err: err}, nil, nil, nil
	}
	s.count(f.name, func(c *Counts) { c.Connections++ })
	until := s.opts.Clock.Now().Add(s.opts.ConnectTimeout)
	stop := s.giveUpAfter(cctx, cancel, s.opts.ConnectTimeout)
	f.wait(Wait{What: "for the stream's answer", Until: until})
	resp, err := s.http.Do(req)
	if err != nil {
		stop()
		cancel(errDone)
		return f.failed(ctx, cctx, err), nil, nil, nil
	}
	if resp.StatusCode != http.StatusOK {
		o := f.refused(resp) // its body is read within the same bound
		stop()
		resp.Body.Close()
		cancel(errDone)
		return o, nil, nil, nil
	}
	stop()
	f.limits = 0
	return outcome{}, resp, cctx, cancel
}

// giveUpAfter ends the connection's context with errNoAnswer once d has
// passed on the clock, unless stop is called first or the context ends.
func (s *Streams) giveUpAfter(ctx context.Context, cancel context.CancelCauseFunc, d time.Duration) (stop func()) {
	fired, stopTimer := s.opts.Clock.NewTimer(d)
	stopped := make(chan struct{})
	go func() {
		select {
		case <-fired:
			cancel(errNoAnswer)
		case <-stopped:
		case <-ctx.Done():
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			stopTimer()
			close(stopped)
		})
	}
}

// failed is a request that got no answer.
func (f *follower) failed(ctx, cctx context.Context, err error) outcome {
	var se *Error
	switch {
	case ctx.Err() != nil:
		return outcome{end: endCanceled, err: ctx.Err()}
	case errors.As(err, &se):
		e := *se // a redirect refused
		e.Stream = f.name
		return outcome{end: endFatal, err: &e}
	case context.Cause(cctx) == errNoAnswer:
		return outcome{end: endRetry, err: fmt.Errorf("no answer within %s", f.s.opts.ConnectTimeout)}
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return outcome{end: endRetry, err: fmt.Errorf("cannot reach %s: %v", f.s.base.Host, err)}
}

// maxErrorBody is as much of an error's body as is read.
const maxErrorBody = 4 << 10

// refused reads an answer other than 200 into how the follow goes on.
func (f *follower) refused(resp *http.Response) outcome {
	body, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	code := resp.StatusCode
	reason := f.redact(api.ErrorText(body))
	fatal := func(kind errKind) outcome {
		return outcome{end: endFatal, err: &Error{Stream: f.name, Status: code, Reason: reason, kind: kind}}
	}
	switch {
	case code == http.StatusUnauthorized || code == http.StatusForbidden:
		return fatal(kindKey)
	case code == http.StatusNotFound:
		return fatal(kindNoStream)
	case code == http.StatusRequestedRangeNotSatisfiable && f.next >= 0,
		code == http.StatusBadRequest && f.next >= 0:
		return outcome{end: endGap}
	case code == http.StatusTooManyRequests:
		return outcome{end: endLimited, retryAfter: retryAfter(resp.Header.Get("Retry-After"), f.s.opts.Clock.Now())}
	case code >= 500 || code == http.StatusRequestedRangeNotSatisfiable:
		what := "the stream failed"
		if isHTML(resp, body) {
			what = "the stream's gateway failed"
		}
		return outcome{end: endRetry, err: fmt.Errorf("%s (%d %s)%s", what, code, http.StatusText(code), withColon(reason))}
	}
	return fatal(kindRefused)
}

func isHTML(resp *http.Response, body []byte) bool {
	return strings.Contains(resp.Header.Get("Content-Type"), "html") || bytes.HasPrefix(bytes.TrimSpace(bytes.ToLower(body)), []byte("<"))
}

// redact takes the key out of words the server sent back, in case it
// echoes them: errors end up on screens and in logs.
func (f *follower) redact(s string) string {
	key := f.s.opts.Key
	if key == "" || s == "" {
		return s
	}
	s = strings.ReplaceAll(s, key, "[key]")
	return strings.ReplaceAll(s, base64.StdEncoding.EncodeToString([]byte(key+":")), "[key]")
}

// retryAfter reads a Retry-After: seconds or a date; 0 when absent or
// unreadable.
func retryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if n, err := strconv.Atoi(v); err == nil && n > 0 {
		return time.Duration(min(n, 1<<20)) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}

// read reads an open connection until it ends: the stream closes it, a
// read fails, nothing comes for three heartbeats, handle fails, or ctx
// ends. The body is read on a goroutine of its own so that a read that
// waits can be given up on the follow's clock.
func (f *follower) read(ctx, cctx context.Context, cancel context.CancelCauseFunc, body io.Reader) outcome {
	s := f.s
	f.lines.reset()
	chunks := make(chan []byte)
	more := make(chan struct{})
	done := make(chan struct{})
	var readErr error
	go func() {
		defer close(done)
		buf := make([]byte, 32<<10)
		for {
			n, err := body.Read(buf)
			if n > 0 {
				select {
				case chunks <- buf[:n]:
				case <-cctx.Done():
					return
				}
				select {
				case <-more:
				case <-cctx.Done():
					return
				}
			}
			if err != nil {
				readErr = err
				return
			}
		}
	}()
	defer func() { <-done }()
	defer cancel(errDone)

	beat := s.opts.Heartbeat
	dead, late := 3*beat, beat+beat/3
	clock := s.opts.Clock
	start := clock.Now()
	last, told := start, false
	var tick <-chan time.Time
	stop := func() bool { return false }
	arm := func(at time.Time) {
		stop()
		tick, stop = clock.NewTimer(at.Sub(clock.Now()))
	}
	defer func() { stop() }()
	arm(last.Add(late))
	f.notice(Notice{Kind: Connected, Timepoint: f.next})
	f.wait(Wait{What: "for events", Why: fmt.Sprintf("a heartbeat comes every %s; the connection is given up after %s without a byte", beat, dead), Until: last.Add(dead)})

	delivered := false
	lineOf := func(b []byte) error { return f.line(ctx, b, &delivered) }
	for {
		select {
		case b := <-chunks:
			err := f.lines.feed(b, lineOf, f.long)
			last, told = clock.Now(), false
			if err != nil {
				var he handlerError
				if errors.As(err, &he) {
					return outcome{end: endFatal, err: he.err}
				}
				return outcome{end: endFatal, err: err}
			}
			select {
			case more <- struct{}{}:
			case <-cctx.Done(): // the reader is gone; done says so next
			}
		case <-done:
			if n := f.lines.pending(); n > 0 {
				s.count(f.name, func(c *Counts) { c.CutShort++ })
				f.notice(Notice{Kind: CutShort, Bytes: n})
			}
			if ctx.Err() != nil {
				return outcome{end: endCanceled, err: ctx.Err()}
			}
			why := readErr
			if errors.Is(why, io.EOF) {
				why = errors.New("the stream closed it")
			}
			return outcome{end: endRetry, err: why, healthy: delivered || clock.Now().Sub(start) >= dead}
		case <-tick:
			quiet := clock.Now().Sub(last)
			if quiet >= dead {
				cancel(errDead)
				return outcome{end: endRetry, err: fmt.Errorf("no byte for %s: the connection is taken for dead", dead), healthy: delivered}
			}
			if quiet >= late && !told {
				told = true
				f.wait(Wait{What: "for a heartbeat", Why: fmt.Sprintf("none for %s; one is due every %s", quiet.Round(time.Second), beat), Until: last.Add(dead)})
			}
			if told {
				arm(last.Add(dead))
			} else {
				arm(last.Add(late))
			}
		case <-ctx.Done():
			return outcome{end: endCanceled, err: ctx.Err()}
		}
	}
}
