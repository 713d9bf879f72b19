package keystore

import (
	"fmt"
	"unicode/utf8"
)

// Source says where a key was found. Its value is meant to be shown to the
// user as is (auth status, an "about" screen).
type Source string

// The sources, in order of precedence.
const (
	SourceEnv     Source = "environment (" + EnvVar + ")"
	SourceKeyring Source = "keyring"
	SourceFile    Source = "file"
)

// Key is an API key together with where it came from.
//
// Value is the secret itself; pass it to the HTTP client and nowhere else.
// Key formats itself masked for every fmt verb (see Format), so printing a
// Key, or a struct that holds one in an exported field, by accident never
// leaks it. Printing Value directly, or a struct holding a Key in an
// unexported field (fmt cannot call methods there), still would.
type Key struct {
	Value  string
	Source Source
	Path   string // the key file, when Source is SourceFile
}

// String returns the masked key (abcd…wxyz), never the key itself.
func (k Key) String() string { return Mask(k.Value) }

// GoString is used by %#v; it masks the key like String.
func (k Key) GoString() string {
	return fmt.Sprintf("keystore.Key{Value:%q, Source:%q, Path:%q}", Mask(k.Value), string(k.Source), k.Path)
}

// Format makes every verb (%v, %+v, %s, %q, %x, %d...) see the masked form.
// String alone is not enough: fmt only calls String for some verbs, and for
// the others (%d, say) it would print the struct's fields, key included.
func (k Key) Format(f fmt.State, verb rune) {
	if verb == 'v' && f.Flag('#') {
		fmt.Fprint(f, k.GoString())
		return
	}
	fmt.Fprintf(f, fmt.FormatString(f, verb), k.String())
}

// Mask shows a key as its first and last four characters (abcd…wxyz), which
// is enough to tell two keys apart without revealing either. Strings too
// short for that to hide anything (under 12 characters) come out as "****";
// the empty string stays empty.
func Mask(key string) string {
	n := utf8.RuneCountInString(key)
	switch {
	case n == 0:
		return ""
	case n < 12:
		return "****"
	}
	r := []rune(key)
	return string(r[:4]) + "…" + string(r[n-4:])
}
