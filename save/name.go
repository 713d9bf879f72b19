package save

import (
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxNameBytes bounds a name: well under the 255 bytes file systems
// allow, leaving room for " (9999)".
const maxNameBytes = 200

// maxExtBytes bounds what is taken for an extension (".xhtml"): a longer
// or stranger tail after the last dot is part of the name.
const maxExtBytes = 10

// Name makes name safe to be a file's name on any file system, and
// harmless to read: letters, digits, spaces and the punctuation
// "-_.,()'&+" are kept; anything else (path separators, control and
// bidirectional characters, the characters Windows forbids) becomes a
// space between words; runs of spaces become one; no word starts or ends
// with a dot (so the file is not hidden, and "../" cannot survive); and
// the name is cut to at most 200 bytes, keeping its extension. It is ""
// when nothing of name can be kept.
//
// Words for a name are the caller's (present.DocumentFileName); making
// them safe is saving's, so that no name reaches the file system unsafe.
func Name(name string) string {
	ext := extension(name)
	stem := words(strings.TrimSuffix(name, ext))
	if stem == "" {
		// ".pdf" alone is a name to keep, not an extension.
		stem, ext = words(name), ""
	}
	for len(stem)+len(ext) > maxNameBytes {
		_, size := utf8.DecodeLastRuneInString(stem)
		stem = strings.TrimRight(stem[:len(stem)-size], " .")
	}
	if stem == "" {
		return ""
	}
	return stem + ext
}

// extension is name's extension when it is a short run of ASCII letters
// and digits after the last dot, else "".
func extension(name string) string {
	ext := filepath.Ext(name)
	if len(ext) < 2 || len(ext) > maxExtBytes {
		return ""
	}
	for _, r := range ext[1:] {
		if !(r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r))) {
			return ""
		}
	}
	return ext
}

// words keeps what is safe of s, as words separated by single spaces,
// none starting or ending with a dot.
func words(s string) string {
	fields := strings.FieldsFunc(s, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("-_.,()'&+", r))
	})
	out := fields[:0]
	for _, f := range fields {
		if f = strings.Trim(f, "."); f != "" {
			out = append(out, f)
		}
	}
	return strings.Join(out, " ")
}
