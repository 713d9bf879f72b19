package cli

import (
	"bytes"
	"encoding/json"
	"io"

	"coview/present/sanitize"
)

// Every --json output goes through this file: a body as the registry
// sent it (writeJSON), or a value coview makes (writeJSONValue, one line;
// writeJSONDocument, indented). Either way, characters a terminal would
// obey (C1 controls such as U+009B, bidi overrides such as U+202E,
// invisible formatting) are written as the \u escapes JSON reads as the
// same characters (sanitize.JSON): the document means what it meant, and
// printing it does nothing to the terminal.

// writeJSON prints a body as received; oneLine compacts it onto one line
// (only whitespace changes) so that several make JSON Lines.
func writeJSON(w io.Writer, body []byte, oneLine bool) {
	if oneLine {
		var b bytes.Buffer
		if json.Compact(&b, body) == nil {
			body = b.Bytes()
		}
	}
	body = sanitize.JSON(body)
	w.Write(body)
	if len(body) == 0 || body[len(body)-1] != '\n' {
		w.Write([]byte("\n"))
	}
}

// writeJSONValue writes v as one line of JSON, with "->" and "&" as they
// are rather than escaped for HTML.
func writeJSONValue(w io.Writer, v any) {
	writeJSON(w, encodeJSON(v, ""), false)
}

// writeJSONDocument writes v as one JSON document, indented for reading.
func writeJSONDocument(w io.Writer, v any) {
	writeJSON(w, encodeJSON(v, "  "), false)
}

func encodeJSON(v any, indent string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", indent)
	enc.Encode(v)
	return b.Bytes()
}
