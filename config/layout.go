package config

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Preview is how the browser previews the row under a list's cursor.
type Preview struct {
	Hide  bool    // show: false
	Below bool    // position: below (else right, gh-dash's rule)
	Width float64 // a fraction of the window (under 1) or columns; 0 is the default, 0.45
}

// PreviewPositions are the values preview.position takes.
var PreviewPositions = []string{"right", "below"}

// previewMinColumns is the narrowest preview a width in columns may ask.
const previewMinColumns = 20

// preview reads preview: show, position and width.
func (r *reader) preview(v *yaml.Node) {
	if v.Kind != yaml.MappingNode {
		r.say(v.Line, "preview: want lines such as show: true and position: right under it, not %s", valueWords(v))
		return
	}
	for _, kv := range r.pairs(v, "preview.") {
		name, val := kv[0].Value, kv[1]
		switch name {
		case "show":
			if b, ok := boolOf(val); ok {
				r.s.Preview.Hide, r.s.Lines["preview.show"] = !b, val.Line
			} else {
				r.say(val.Line, "preview.show: want true or false, not %s; the preview is shown", valueWords(val))
			}
		case "position":
			if p, ok := oneOf(strings.ToLower(val.Value), PreviewPositions); ok && val.Kind == yaml.ScalarNode {
				r.s.Preview.Below, r.s.Lines["preview.position"] = p == "below", val.Line
			} else {
				r.say(val.Line, "preview.position: %s is no position; use right or below (going on with right)", valueWords(val))
			}
		case "width":
			r.previewWidth(val)
		default:
			r.unknown(kv[0], "preview.", []string{"show", "position", "width"})
		}
	}
}

// previewWidth is a fraction of the window between 0 and 1, or a number
// of columns.
func (r *reader) previewWidth(v *yaml.Node) {
	f, err := strconv.ParseFloat(v.Value, 64)
	ok := v.Kind == yaml.ScalarNode && (v.Tag == "!!float" || v.Tag == "!!int") && err == nil
	switch {
	case ok && f > 0 && f < 1:
	case ok && f >= previewMinColumns && f == float64(int(f)):
	default:
		r.say(v.Line, "preview.width: want a fraction of the window such as 0.45, or a number of columns of at least %d, not %s; the default, 0.45, is kept",
			previewMinColumns, valueWords(v))
		return
	}
	r.s.Preview.Width, r.s.Lines["preview.width"] = f, v.Line
}

// mouse reads mouse: true or false.
func (r *reader) mouse(v *yaml.Node) {
	b, ok := boolOf(v)
	if !ok {
		r.say(v.Line, "mouse: want true or false, not %s; the mouse is on", valueWords(v))
		return
	}
	r.s.NoMouse, r.s.Lines["mouse"] = !b, v.Line
}

// boolOf is a YAML true or false (not yes, no, on, off: YAML 1.2).
func boolOf(v *yaml.Node) (bool, bool) {
	if v.Kind != yaml.ScalarNode || v.Tag != "!!bool" {
		return false, false
	}
	b, err := strconv.ParseBool(v.Value)
	return b, err == nil
}
