package common

import (
	"fmt"
	"image/color"
	"math"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
)

// Every colour the browser draws text in reads on the backgrounds it is
// drawn on, light and dark: each style's foreground against the
// terminal's background (two usual ones of each kind), a row's also
// against the selected row's, and a badge's text against its own
// background. The
// bounds are WCAG's: 3:1 for anything (large text, marks), 4.5:1 for the
// text people read (values, badges, the title).
func TestEveryColourReadsOnItsBackgroundLightAndDark(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		theme string
		dark  bool
		bgs   []string
	}{
		{"light", false, []string{"#FFFFFF", "#F6F8FA"}},
		{"dark", true, []string{"#000000", "#1E1E1E"}},
	} {
		s := NewStyles(c.dark)
		selection := s.Selected.GetBackground()
		inks := inksOf(reflect.ValueOf(s), "Styles")
		if len(inks) < 30 {
			t.Fatalf("%s: only %d colours found in the styles", c.theme, len(inks))
		}
		for _, k := range inks {
			if k.bg != nil {
				if r := contrast(k.fg, k.bg); r < 4.5 {
					t.Errorf("%s: %s: text %s on its background %s is %.2f:1, want 4.5", c.theme, k.path, hex(k.fg), hex(k.bg), r)
				}
				continue
			}
			want := 3.0
			if readMost[k.path] {
				want = 4.5
			}
			bgs := c.bgs
			if strings.HasPrefix(k.path, "Styles.Rows.") {
				bgs = append(bgs, hex(selection)) // a row may be the selected one
			}
			for _, bg := range bgs {
				if r := contrast(k.fg, lipgloss.Color(bg)); r < want {
					t.Errorf("%s: %s: %s on %s is %.2f:1, want %.1f", c.theme, k.path, hex(k.fg), bg, r, want)
				}
			}
		}
	}
}

// readMost are the styles of the text people read most: held to 4.5:1.
var readMost = map[string]bool{"Styles.Title": true, "Styles.Value": true, "Styles.Rows.Value.Pre": true, "Styles.Err.Text": true}

// ink is a colour of text found in the styles, and the background set
// with it, if any.
type ink struct {
	path    string
	fg, bg  color.Color
	hasBack bool
}

var sgrColour = regexp.MustCompile(`\x1b\[[0-9;]*?(38|48);2;(\d+);(\d+);(\d+)`)

// inksOf walks the styles (structs, maps, lipgloss styles and the row
// inks' escape sequences) for every foreground colour.
func inksOf(v reflect.Value, path string) []ink {
	switch x := v.Interface().(type) {
	case lipgloss.Style:
		fg, bg := x.GetForeground(), x.GetBackground()
		if isNoColor(fg) {
			return nil
		}
		if isNoColor(bg) {
			bg = nil
		}
		return []ink{{path: path, fg: fg, bg: bg}}
	case Ink:
		return inkOfSGR(x.Pre, path+".Pre")
	}
	var out []ink
	switch v.Kind() {
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				out = append(out, inksOf(v.Field(i), path+"."+v.Type().Field(i).Name)...)
			}
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			out = append(out, inksOf(v.MapIndex(k), fmt.Sprintf("%s[%v]", path, k))...)
		}
	}
	return out
}

func inkOfSGR(pre, path string) []ink {
	var k ink
	k.path = path
	for _, m := range sgrColour.FindAllStringSubmatch(pre, -1) {
		r, _ := strconv.Atoi(m[2])
		g, _ := strconv.Atoi(m[3])
		b, _ := strconv.Atoi(m[4])
		c := color.RGBA{uint8(r), uint8(g), uint8(b), 255}
		if m[1] == "38" {
			k.fg = c
		} else {
			k.bg = c
		}
	}
	if k.fg == nil {
		return nil
	}
	return []ink{k}
}

func isNoColor(c color.Color) bool {
	if c == nil {
		return true
	}
	_, ok := c.(lipgloss.NoColor)
	return ok
}

func hex(c color.Color) string {
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("#%02X%02X%02X", r>>8, g>>8, b>>8)
}

// contrast is WCAG 2's contrast ratio of two colours.
func contrast(a, b color.Color) float64 {
	la, lb := luminance(a), luminance(b)
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}

func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	lin := func(v uint32) float64 {
		x := float64(v>>8) / 255
		if x <= 0.03928 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}
