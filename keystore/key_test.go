package keystore

import (
	"fmt"
	"strings"
	"testing"
)

// A Key printed by accident, with any verb, alone or inside something else,
// must not show the key.
func TestKeyFormattingNeverLeaks(t *testing.T) {
	k := Key{Value: goodKey, Source: SourceFile, Path: "/tmp/keys.json"}
	type wrapper struct {
		K   Key
		Ptr *Key
	}
	values := []any{k, &k, wrapper{K: k, Ptr: &k}, []Key{k}, map[string]Key{"h": k}}
	verbs := []string{"%v", "%s", "%+v", "%#v", "%q", "%x", "%X", "%d", "%20s", "%-v"}
	for _, v := range values {
		for _, verb := range verbs {
			out := fmt.Sprintf(verb, v)
			if strings.Contains(out, goodKey) || strings.Contains(out, goodKey[4:32]) {
				t.Errorf("Sprintf(%q, %T) = %q leaks the key", verb, v, out)
			}
		}
	}
	if got := fmt.Sprint(k); got != "0123…cdef" {
		t.Errorf("Sprint(key) = %q, want the masked form", got)
	}
	if got := fmt.Sprintf("%#v", k); !strings.Contains(got, `Value:"0123…cdef"`) || !strings.Contains(got, `Source:"file"`) {
		t.Errorf("%%#v = %q, want a masked GoString", got)
	}
	if got := fmt.Sprintf("[%12s]", k); got != "[   0123…cdef]" {
		t.Errorf("width is not honoured: %q", got)
	}
}
