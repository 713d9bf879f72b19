package present

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"coview/api"
	"coview/present/sanitize"
)

// Document pretty-prints a JSON body into sanitised lines, noting on each
// the registry link it holds, if any: a member or array element whose
// value is a path on the registry. A body that is not JSON is shown as
// text.
func Document(body []byte) []Line {
	var buf bytes.Buffer
	text := string(body)
	if json.Indent(&buf, body, "", "  ") == nil {
		text = buf.String()
	}
	raw := strings.Split(strings.TrimRight(text, "\n"), "\n")
	out := make([]Line, len(raw))
	for i, l := range raw {
		out[i].Text = sanitize.Line(l)
		out[i].Link = linkIn(l)
	}
	return out
}

// linkIn reads the string value on one pretty-printed line ("key": "value"
// or a bare "value" in an array) and returns it if it is a registry link.
func linkIn(line string) string {
	v := strings.TrimSuffix(strings.TrimSpace(line), ",")
	if strings.HasPrefix(v, `"`) {
		if _, after, ok := strings.Cut(v, `": `); ok {
			v = after
		}
	}
	if !strings.HasPrefix(v, `"/`) {
		return ""
	}
	// A JSON string that begins with a slash reads as a Go string
	// literal: a path has no escape the two spell differently.
	s, err := strconv.Unquote(v)
	if err != nil {
		return ""
	}
	if _, err := api.Route(s); err != nil {
		return ""
	}
	return s
}
