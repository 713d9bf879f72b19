package demo

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"
)

// blob is a document's bytes as sent: head, then fill bytes of padding
// made up as they are sent (so that a 20 MB document costs no memory),
// then tail.
type blob struct {
	head []byte
	fill int64
	tail []byte
}

func (b blob) size() int64 { return int64(len(b.head)) + b.fill + int64(len(b.tail)) }

// fillBlock is the padding, repeated: PDF comment lines inside a stream
// nothing refers to, which viewers skip. It is made when first sent, not
// when the program starts: every run of coview links the demo in, and
// few send its large document.
var fill = sync.OnceValue(func() []byte {
	return bytes.Repeat([]byte("% coview demo: padding so that this document is large\n"), 1200)
})

func fillBlock() []byte { return fill() }

// writeTo sends the blob. With rate > 0 the padding goes at about rate
// bytes a second, flushed as it goes, so a client sees steady progress.
// It stops when ctx ends (the client went away).
func (b blob) writeTo(ctx context.Context, w http.ResponseWriter, rate int) {
	if _, err := w.Write(b.head); err != nil {
		return
	}
	flush := http.NewResponseController(w).Flush
	start := time.Now()
	var sent int64
	for sent < b.fill {
		fill := fillBlock()
		n := min(int64(len(fill)), b.fill-sent)
		if _, err := w.Write(fill[:n]); err != nil {
			return
		}
		sent += n
		if rate <= 0 {
			continue
		}
		flush()
		due := start.Add(time.Duration(float64(sent) / float64(rate) * float64(time.Second)))
		t := time.NewTimer(time.Until(due))
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return
		}
	}
	w.Write(b.tail)
}

// pdfPage is the lines of text on one page.
type pdfPage []string

// buildPDF makes a small, valid PDF 1.4 file: one A4 page of Helvetica
// text per page given and, when fill > 0, an unreferenced stream of that
// many bytes of padding after them, sent as the blob's fill.
func buildPDF(pages []pdfPage, fill int64) blob {
	var b bytes.Buffer
	var offsets []int
	object := func(body string) {
		offsets = append(offsets, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", len(offsets), body)
	}
	b.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	kids := make([]string, len(pages))
	for i := range pages {
		kids[i] = fmt.Sprintf("%d 0 R", 4+2*i)
	}
	object("<< /Type /Catalog /Pages 2 0 R >>")
	object(fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(pages)))
	object("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
	for i, lines := range pages {
		object(fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>", 5+2*i))
		var s strings.Builder
		s.WriteString("BT\n/F1 12 Tf\n16 TL\n72 770 Td\n")
		for j, line := range lines {
			if j > 0 {
				s.WriteString("T* ")
			}
			fmt.Fprintf(&s, "(%s) Tj\n", pdfString(line))
		}
		s.WriteString("ET")
		object(fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", s.Len(), s.String()))
	}
	var tail bytes.Buffer
	xrefAt := int64(b.Len())
	if fill > 0 {
		offsets = append(offsets, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n<< /Length %d >>\nstream\n", len(offsets), fill)
		tail.WriteString("\nendstream\nendobj\n")
		xrefAt = int64(b.Len()) + fill + int64(tail.Len())
	}
	fmt.Fprintf(&tail, "xref\n0 %d\n0000000000 65535 f \n", len(offsets)+1)
	for _, off := range offsets {
		fmt.Fprintf(&tail, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&tail, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offsets)+1, xrefAt)
	return blob{head: b.Bytes(), fill: fill, tail: tail.Bytes()}
}

// pdfString is text as a PDF literal string: printable ASCII only (the
// demo's names are made up, and a ? is fine for the odd accent), with
// the three special characters escaped.
func pdfString(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\\' || r == '(' || r == ')':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r >= 0x20 && r < 0x7f:
			b.WriteRune(r)
		default:
			b.WriteByte('?')
		}
	}
	return b.String()
}
