package cli

import (
	"runtime"
	"testing"
)

func TestThereIsADisplayOnlyWhereAWindowWouldBeSeen(t *testing.T) {
	t.Parallel()
	env := func(vars map[string]string) func(string) string { return func(k string) string { return vars[k] } }
	cases := []struct {
		vars map[string]string
		want bool
	}{
		{map[string]string{"DISPLAY": ":0"}, true},
		{map[string]string{"WAYLAND_DISPLAY": "wayland-0"}, true},
		{map[string]string{"SSH_CONNECTION": "10.0.0.1 5000 10.0.0.2 22"}, false},
		{map[string]string{}, false},
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" {
		cases = []struct {
			vars map[string]string
			want bool
		}{
			{map[string]string{}, true},
			{map[string]string{"SSH_CONNECTION": "10.0.0.1 5000 10.0.0.2 22"}, false},
			{map[string]string{"SSH_TTY": "/dev/ttys001"}, false},
		}
	}
	for _, c := range cases {
		if got := hasDisplay(env(c.vars)); got != c.want {
			t.Errorf("hasDisplay with %v = %v, want %v", c.vars, got, c.want)
		}
		file, web := openers(env(c.vars))
		if (file != nil) != c.want || (web != nil) != c.want {
			t.Errorf("openers with %v: a viewer %v and a web browser %v, want %v", c.vars, file != nil, web != nil, c.want)
		}
	}
}

func TestAFileIsOpenedByAURLThatNamesItExactly(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("paths here are Unix paths")
	}
	got := fileURL("/home/ada/Downloads/00006400 2025-12-09 AA full accounts #1?.pdf")
	want := "file:///home/ada/Downloads/00006400%202025-12-09%20AA%20full%20accounts%20%231%3F.pdf"
	if got != want {
		t.Fatalf("fileURL = %q, want %q", got, want)
	}
}
