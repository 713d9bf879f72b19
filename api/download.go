package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"
)

// Progress is how far a download has got, for a progress bar.
type Progress struct {
	Done int64 // bytes received so far
	// Total is the bytes expected: the answer's Content-Length, else the
	// size the metadata gives, else -1 (unknown). In the last report of a
	// download that succeeded it is Done.
	Total int64
}

// Fraction is Done as a part of Total, from 0 to 1, or -1 when the total
// is unknown.
func (p Progress) Fraction() float64 {
	if p.Total <= 0 {
		if p.Total == 0 {
			return 1
		}
		return -1
	}
	return min(float64(p.Done)/float64(p.Total), 1)
}

// Download fetches the document meta describes, in format (a MIME type;
// "" is PDF), and writes it to w. It returns how many bytes it wrote.
//
// The content link (meta's links.document) is asked with the key and
// "Accept: format"; the document API answers with a redirect to a
// short-lived storage URL on another host, which is followed at once,
// without the key, and never kept or shown.
//
// A format the document does not have is ErrNoDocument, whose message
// lists those it has. A document larger than the client's MaxBytes (by
// its metadata, its Content-Length, or the bytes as they come) is
// ErrTooLarge. Fewer bytes than the metadata gives as its size is an
// incomplete download, ErrBadResponse, even when the storage's own
// Content-Length was met. There is no deadline: a download ends with ErrTimeout only
// when nothing has arrived for the client's IdleTimeout, and with
// ErrCanceled when ctx ends. On any error, some of the document may have
// been written to w already.
//
// progress, when not nil, is called from the calling goroutine: with Done
// 0 when the answer begins, then as bytes arrive but at most every 100ms,
// and once at the end with every byte. It must not block; a browser would
// hand the value to its event loop.
func (c *DocumentClient) Download(ctx context.Context, meta *DocumentMetadata, format string, w io.Writer, progress func(Progress)) (int64, error) {
	if format == "" {
		format = FormatPDF
	}
	if meta == nil {
		e := *noDocumentLink
		return 0, &e
	}
	if len(meta.Resources) > 0 && !meta.Has(format) {
		return 0, &Error{Kind: KindNoDocument, Subject: "the document",
			Reason: fmt.Sprintf("it has no %s version; it comes as %s", FormatName(format), meta.FormatsInWords())}
	}
	if n := meta.Size(format); n > c.maxBytes {
		return 0, c.tooLarge("the document", 0, n)
	}
	if meta.Links.Document == "" {
		return 0, &Error{Kind: KindBadResponse, Subject: "the document metadata", Reason: "it has no link to the content (links.document)"}
	}
	u, err := c.CheckDocumentLink(meta.Links.Document)
	if err != nil {
		return 0, err
	}
	subject := "the document at " + u.EscapedPath()

	// The idle timer runs from the moment the request goes out, and every
	// byte that arrives winds it back up.
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	idle := time.AfterFunc(c.idle, func() { cancel(errIdle) })
	defer idle.Stop()

	req, key, err := c.newRequest(ctx, u, format)
	if err != nil {
		return 0, &Error{Kind: KindRefusedLink, Subject: subject, Reason: "the URL cannot be built"}
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, c.transportError(ctx, subject, hostOf(err, u.Host), err, c.idle, "")
	}
	defer resp.Body.Close()
	idle.Reset(c.idle)
	from := resp.Request.URL.Host
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		if c.mayCarryKey(resp.Request.URL) && (resp.StatusCode == http.StatusNotAcceptable || resp.StatusCode == http.StatusUnsupportedMediaType) {
			return 0, &Error{Kind: KindNoDocument, Subject: subject, Status: resp.StatusCode,
				Reason: fmt.Sprintf("the document API has no %s version of it (%d)", FormatName(format), resp.StatusCode)}
		}
		return 0, c.answerError(subject, resp, body, key)
	}
	if resp.ContentLength > c.maxBytes {
		return 0, c.tooLarge(subject, resp.StatusCode, resp.ContentLength)
	}
	total := resp.ContentLength
	if total < 0 {
		total = meta.Size(format)
	}

	report := func(Progress) {}
	if progress != nil {
		report = progress
	}
	report(Progress{Done: 0, Total: total})
	last := time.Now()
	var done int64
	buf := make([]byte, 32<<10)
	for {
		n, rerr := resp.Body.Read(buf)
		if n > 0 {
			idle.Reset(c.idle)
			if done+int64(n) > c.maxBytes {
				return done, c.tooLarge(subject, resp.StatusCode, done+int64(n))
			}
			if _, err := w.Write(buf[:n]); err != nil {
				return done, fmt.Errorf("writing the document: %w", err)
			}
			done += int64(n)
			if now := time.Now(); now.Sub(last) >= c.progressEvery {
				report(Progress{Done: done, Total: total})
				last = now
			}
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			return done, c.transportError(ctx, subject, from, rerr, c.idle, " "+receivedWords(done, total))
		}
	}
	if want := meta.Size(format); done < want {
		// The storage's own Content-Length was met (net/http checks it),
		// but it served less than the document is: a stale or truncated
		// object is not the document.
		return done, &Error{Kind: KindBadResponse, Subject: subject, Status: resp.StatusCode,
			Reason: fmt.Sprintf("the download is incomplete: %s of the %s the document API gives as its size arrived", ByteSize(done), ByteSize(want))}
	}
	report(Progress{Done: done, Total: done})
	return done, nil
}

func (c *DocumentClient) tooLarge(subject string, status int, n int64) error {
	return &Error{Kind: KindTooLarge, Subject: subject, Status: status,
		Reason: fmt.Sprintf("it is %s, more than the %s a document may be", ByteSize(n), ByteSize(c.maxBytes))}
}

// receivedWords says how much arrived: "(1.2 MB of 20 MB received)".
func receivedWords(done, total int64) string {
	if total < 0 {
		return fmt.Sprintf("(%s received)", ByteSize(done))
	}
	return fmt.Sprintf("(%s of %s received)", ByteSize(done), ByteSize(total))
}

// hostOf is the host a failed request was going to (net/http names the
// last hop's URL in its error; only its host may be shown), else def.
func hostOf(err error, def string) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		if u, perr := url.Parse(ue.URL); perr == nil && u.Host != "" {
			return u.Host
		}
	}
	return def
}

// ByteSize is a size in words, in decimal units as file managers show
// them: "950 bytes", "12.3 kB", "20.0 MB".
func ByteSize(n int64) string {
	const unit = 1000
	if n < unit {
		if n == 1 {
			return "1 byte"
		}
		return fmt.Sprintf("%d bytes", n)
	}
	v := float64(n)
	for _, u := range []string{"kB", "MB", "GB"} {
		v /= unit
		if v < unit || u == "GB" {
			return fmt.Sprintf("%.1f %s", v, u)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}
