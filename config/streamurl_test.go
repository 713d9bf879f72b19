package config

import (
	"strings"
	"testing"
)

func TestTheStreamURLIsReadWhenItIsOne(t *testing.T) {
	w := write(t, "stream_url: http://127.0.0.1:9000\n")
	s, problems := Load(w, theActions, env(nil))
	if len(problems) != 0 || s.StreamURL != "http://127.0.0.1:9000" || s.Lines["stream_url"] != 1 {
		t.Fatalf("settings %+v, problems %v", s, problems)
	}
	for text, says := range map[string]string{
		"stream_url: ftp://x\n":                `"ftp://x" is no http or https address`,
		"stream_url: [a]\n":                    "not a list",
		"stream_url: 12\n":                     `not "12"`,
		"stream_url: https://me:secret@x/\n":   "must not hold a user name",
		"stream_url: https://x/?key=abc\n":     "must not hold",
		"streamurl: https://stream.example/\n": "did you mean stream_url?",
	} {
		s, problems := Load(write(t, text), theActions, env(nil))
		if len(problems) != 1 || !strings.Contains(problems[0].String(), says) || s.StreamURL != "" {
			t.Errorf("%q: problems %v, url %q", text, problems, s.StreamURL)
		}
		if strings.Contains(problems[0].String(), "secret") {
			t.Errorf("%q: the problem repeats the password", text)
		}
	}
}
