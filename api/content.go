package api

import (
	"context"
	"errors"
	"fmt"
)

// Content fetches the document meta describes, in format, into memory:
// for a document that is read rather than saved (inline XBRL accounts,
// read into figures). It is Download into a buffer that holds at most
// most bytes: a document larger than that, by its metadata (then nothing
// is asked for) or by the bytes as they come, is ErrTooLarge. most is
// capped by the client's MaxBytes.
func (c *DocumentClient) Content(ctx context.Context, meta *DocumentMetadata, format string, most int64) ([]byte, error) {
	if most <= 0 || most > c.maxBytes {
		most = c.maxBytes
	}
	if format == "" {
		format = FormatPDF
	}
	if n := meta.Size(format); meta != nil && n > most {
		return nil, contentTooLarge(n, most)
	}
	buf := &bounded{most: most}
	if _, err := c.Download(ctx, meta, format, buf, nil); err != nil {
		var e *Error
		if buf.over && errors.As(err, &e) && e.Kind == KindTooLarge {
			return nil, e
		}
		return nil, err
	}
	return buf.b, nil
}

func contentTooLarge(n, most int64) *Error {
	return &Error{Kind: KindTooLarge, Subject: "the document",
		Reason: fmt.Sprintf("it is %s, more than the %s read into memory", ByteSize(n), ByteSize(most))}
}

// bounded is a buffer that refuses to grow past most bytes.
type bounded struct {
	b    []byte
	most int64
	over bool
}

func (w *bounded) Write(p []byte) (int, error) {
	if int64(len(w.b)+len(p)) > w.most {
		w.over = true
		return 0, contentTooLarge(int64(len(w.b)+len(p)), w.most)
	}
	w.b = append(w.b, p...)
	return len(p), nil
}
