package save

import (
	"os"
	"path/filepath"
	"testing"
)

func TestTheDownloadDirectoryIsTheFirstThatExists(t *testing.T) {
	home := t.TempDir()
	xdg := filepath.Join(home, "Telechargements")
	downloads := filepath.Join(home, "Downloads")
	wd, _ := os.Getwd()
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	tests := []struct {
		name   string
		vars   map[string]string
		mkdirs []string
		want   string
	}{
		{"XDG_DOWNLOAD_DIR first", map[string]string{"HOME": home, "XDG_DOWNLOAD_DIR": xdg}, []string{xdg, downloads}, xdg},
		{"as user-dirs.dirs writes it", map[string]string{"HOME": home, "XDG_DOWNLOAD_DIR": `"$HOME/Telechargements"`}, []string{xdg}, xdg},
		{"XDG_DOWNLOAD_DIR missing", map[string]string{"HOME": home, "XDG_DOWNLOAD_DIR": xdg}, []string{downloads}, downloads},
		{"a relative XDG_DOWNLOAD_DIR is ignored", map[string]string{"HOME": home, "XDG_DOWNLOAD_DIR": "Downloads"}, []string{downloads}, downloads},
		{"~/Downloads", map[string]string{"HOME": home}, []string{downloads}, downloads},
		{"the current directory", map[string]string{"HOME": home}, nil, wd},
		{"no home", map[string]string{}, nil, wd},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			os.RemoveAll(xdg)
			os.RemoveAll(downloads)
			for _, d := range tt.mkdirs {
				os.Mkdir(d, 0o755)
			}
			if got := DownloadDir(env(tt.vars)); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
