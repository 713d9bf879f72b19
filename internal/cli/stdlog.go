package cli

import (
	"io"
	"log"
	"strings"

	"coview/present/sanitize"
)

// silenceStandardLog sends the standard logger's output nowhere. Nothing
// of coview's writes to it, but net/http does, behind our back: a response
// longer than its Content-Length on an idle connection is logged as
// `Unsolicited response received on idle HTTP channel starting with "..."`
// with up to a kilobyte of whatever the server sent, which is the key when
// a proxy echoes the request. On stderr that line would bypass sanitising
// and redaction; in the browser it would scribble over the screen.
func silenceStandardLog() { log.SetOutput(io.Discard) }

// serverLog is the error log of the demo registry when it runs alone: what
// a server wants its operator to see (a failed accept, a bad TLS
// handshake), sanitised, since it quotes what clients sent.
func serverLog(stderr io.Writer) *log.Logger {
	return log.New(sanitizingWriter{stderr}, "coview: ", 0)
}

type sanitizingWriter struct{ w io.Writer }

func (s sanitizingWriter) Write(p []byte) (int, error) {
	text := sanitize.Text(strings.TrimRight(string(p), "\n"))
	if _, err := io.WriteString(s.w, text+"\n"); err != nil {
		return 0, err
	}
	return len(p), nil
}
