package keystore

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// ErrInvalidKey is wrapped by every error Validate returns.
var ErrInvalidKey = errors.New("invalid API key")

// keyForm is how a key looks, for error messages: a UUID.
const keyForm = "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"

// Validate checks that raw is UUID-shaped (8-4-4-4-12 hexadecimal digits,
// either case) after trimming the whitespace and newlines a paste brings
// along, and returns the trimmed key. Case is kept: the registry compares
// keys, and it is not ours to decide that it does so case-insensitively.
//
// The error says what is wrong (length, a misplaced dash, a non-hex
// character and its position) but never repeats the value: a rejected key
// is often a real one with a typo.
func Validate(raw string) (string, error) {
	key := strings.TrimSpace(raw)
	if key == "" {
		return "", fmt.Errorf("%w: it is empty, expected 36 characters in the form %s", ErrInvalidKey, keyForm)
	}
	if n := utf8.RuneCountInString(key); n != len(keyForm) {
		return "", fmt.Errorf("%w: it is %d characters, expected %d in the form %s", ErrInvalidKey, n, len(keyForm), keyForm)
	}
	// From here on the key is 36 runes; it is also 36 bytes unless it holds
	// multi-byte runes, which the hex check below rejects by position.
	for i, r := range []rune(key) {
		pos := i + 1
		if keyForm[i] == '-' {
			if r != '-' {
				return "", fmt.Errorf("%w: character %d should be a dash, expected the form %s", ErrInvalidKey, pos, keyForm)
			}
			continue
		}
		if r == '-' {
			return "", fmt.Errorf("%w: unexpected dash at character %d, expected the form %s", ErrInvalidKey, pos, keyForm)
		}
		if !isHex(r) {
			return "", fmt.Errorf("%w: character %d is not a hexadecimal digit (0-9, a-f), expected the form %s", ErrInvalidKey, pos, keyForm)
		}
	}
	return key, nil
}

func isHex(r rune) bool {
	return '0' <= r && r <= '9' || 'a' <= r && r <= 'f' || 'A' <= r && r <= 'F'
}
