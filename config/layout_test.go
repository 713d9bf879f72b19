package config

import (
	"strings"
	"testing"
)

func TestTheLayoutSettingsAreRead(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, text string
		want       Preview
		noMouse    bool
	}{
		{"nothing said: the defaults", "theme: dark\n", Preview{}, false},
		{"the preview off", "preview:\n  show: false\n", Preview{Hide: true}, false},
		{"the preview below", "preview:\n  position: below\n", Preview{Below: true}, false},
		{"the preview right, said in capitals", "preview:\n  position: Right\n", Preview{}, false},
		{"a width as a fraction", "preview:\n  width: 0.3\n", Preview{Width: 0.3}, false},
		{"a width in columns", "preview:\n  width: 70\n", Preview{Width: 70}, false},
		{"the mouse off", "mouse: false\n", Preview{}, true},
		{"the mouse on", "mouse: true\n", Preview{}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s, problems := Load(write(t, c.text), theActions, env(nil))
			if len(problems) > 0 {
				t.Fatalf("problems: %v", problems)
			}
			if s.Preview != c.want || s.NoMouse != c.noMouse {
				t.Fatalf("preview %+v, mouse off %v; want %+v, %v", s.Preview, s.NoMouse, c.want, c.noMouse)
			}
		})
	}
}

func TestEachWrongLayoutSettingIsAProblemAtItsLine(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, text string
		line       int
		says       []string
	}{
		{"preview as one value", "preview: right\n", 1, []string{`preview: want lines such as show: true`, `not "right"`}},
		{"show as a word", "preview:\n  show: maybe\n", 2, []string{`preview.show: want true or false, not "maybe"`}},
		{"show as yes (YAML 1.1)", "preview:\n  show: yes\n", 2, []string{`not "yes"`}},
		{"a position that is none", "preview:\n  position: left\n", 2, []string{`"left" is no position; use right or below`}},
		{"a position that is a list", "preview:\n  position: [right]\n", 2, []string{"a list is no position"}},
		{"a width of 0", "preview:\n  width: 0\n", 2, []string{`preview.width: want a fraction`, `not "0"`}},
		{"a width of 1.5", "preview:\n  width: 1.5\n", 2, []string{`not "1.5"`}},
		{"a width too few columns", "preview:\n  width: 5\n", 2, []string{"at least 20", `not "5"`}},
		{"a width as words", "preview:\n  width: half\n", 2, []string{`not "half"`}},
		{"a negative width", "preview:\n  width: -0.4\n", 2, []string{`not "-0.4"`}},
		{"an unknown preview setting", "preview:\n  size: 3\n", 2, []string{"preview.size is no setting", "show, position, width"}},
		{"mouse as a word", "mouse: off\n", 1, []string{`mouse: want true or false, not "off"`}},
		{"mouse as a number", "mouse: 1\n", 1, []string{`not "1"`}},
		{"mouse misspelt", "mose: false\n", 1, []string{"mose is no setting", "did you mean mouse?"}},
		{"preview set twice", "preview:\n  show: true\npreview:\n  show: false\n", 3, []string{"preview is set twice (first on line 1)"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			w := write(t, c.text)
			s, problems := Load(w, theActions, env(nil))
			if len(problems) != 1 {
				t.Fatalf("problems %v, want one", problems)
			}
			got := problems[0].String()
			if problems[0].Line != c.line || !strings.HasPrefix(got, w.Path+":") {
				t.Errorf("problem %q at line %d, want line %d of %s", got, problems[0].Line, c.line, w.Path)
			}
			for _, say := range c.says {
				if !strings.Contains(got, say) {
					t.Errorf("problem %q does not say %q", got, say)
				}
			}
			if s.Preview != (Preview{}) || s.NoMouse {
				t.Errorf("a wrong value changed the settings from their defaults: %+v", s)
			}
		})
	}
}
