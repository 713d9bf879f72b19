package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"coview/config"
)

func TestConfigShowSaysThePreviewAndTheMouseAsTheFileTakesThem(t *testing.T) {
	t.Parallel()
	file := settingsFile(t, "mouse: false\npreview:\n  show: false\n  position: below\n  width: 70\n")
	r := run(t, "", nil, "config", "show", "--config", file)
	for _, want := range []string{"  show: false  # line 3", "  position: below  # line 4", "  width: 70  # line 5", "mouse: false  # line 1"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("show does not say %q:\n%s", want, r.stdout)
		}
	}
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	s, problems := config.Load(config.Where{Path: settingsFile(t, r.stdout), Chosen: true}, keyActions, func(string) string { return "" })
	if len(problems) > 0 || s.Preview != (config.Preview{Hide: true, Below: true, Width: 70}) || !s.NoMouse {
		t.Fatalf("show's output read back as %+v, problems %v", s, problems)
	}
	if l := layoutOf(s); !l.NoMouse || !l.Preview.Hide || !l.Preview.Below || l.Preview.Width != 70 {
		t.Fatalf("the browser would be given %+v", l)
	}

	d := run(t, "", nil, "config", "show", "--json", "--config", settingsFile(t, "theme: dark\n"))
	var v shownSettings
	if err := json.Unmarshal([]byte(d.stdout), &v); err != nil || !v.Mouse || v.Preview != (shownPreview{Show: true, Position: "right", Width: 0.45}) {
		t.Fatalf("the defaults as JSON: %v %+v", err, v)
	}
}
