package keystore

import (
	"errors"
	"strings"
	"testing"
)

const (
	goodKey  = "0123abcd-4567-89ef-0123-456789abcdef"
	otherKey = "fedcba98-7654-3210-fedc-ba9876543210"
)

func TestValidate(t *testing.T) {
	tests := []struct {
		name, raw, want string
		wantErr         string // substring of the error; "" for success
	}{
		{"good", goodKey, goodKey, ""},
		{"upper case kept", strings.ToUpper(goodKey), strings.ToUpper(goodKey), ""},
		{"mixed case", "0123ABCD-4567-89ef-0123-456789ABCdef", "0123ABCD-4567-89ef-0123-456789ABCdef", ""},
		{"spaces", "  " + goodKey + "\t ", goodKey, ""},
		{"newline", goodKey + "\n", goodKey, ""},
		{"crlf", "\r\n" + goodKey + "\r\n", goodKey, ""},
		{"empty", "", "", "it is empty"},
		{"only whitespace", " \r\n\t", "", "it is empty"},
		{"too short", goodKey[:35], "", "it is 35 characters, expected 36 in the form xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"},
		{"too long", goodKey + "0", "", "it is 37 characters, expected 36"},
		{"no dashes", strings.ReplaceAll(goodKey, "-", "") + "0000", "", "character 9 should be a dash"},
		{"dash moved", "0123abc-d4567-89ef-0123-456789abcdef", "", "unexpected dash at character 8"},
		{"non-hex", "0123abcd-4567-89eg-0123-456789abcdef", "", "character 18 is not a hexadecimal digit"},
		{"space inside", "0123abcd-4567-89e -0123-456789abcdef", "", "character 18 is not a hexadecimal digit"},
		{"multi-byte rune", "0123abcd-4567-89eé-0123-456789abcdef", "", "character 18 is not a hexadecimal digit"},
		{"braces", "{123abcd-4567-89ef-0123-456789abcde}", "", "character 1 is not a hexadecimal digit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Validate(tt.raw)
			if tt.wantErr == "" {
				if err != nil || got != tt.want {
					t.Fatalf("Validate(%q) = %q, %v; want %q, nil", tt.raw, got, err, tt.want)
				}
				return
			}
			if err == nil {
				t.Fatalf("Validate(%q) = %q, nil; want an error", tt.raw, got)
			}
			if !errors.Is(err, ErrInvalidKey) {
				t.Errorf("error %q does not match ErrInvalidKey", err)
			}
			if !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("error %q does not contain %q", err, tt.wantErr)
			}
			// The rejected value may be a real key with a typo: never echo it.
			if v := strings.TrimSpace(tt.raw); len(v) >= 8 && strings.Contains(err.Error(), v[:8]) {
				t.Errorf("error %q echoes the rejected value", err)
			}
		})
	}
}

func TestMask(t *testing.T) {
	tests := map[string]string{
		goodKey:        "0123…cdef",
		"":             "",
		"short":        "****",
		"abcdefghijk":  "****", // 11: masking would show nearly all of it
		"abcdefghijkl": "abcd…ijkl",
	}
	for in, want := range tests {
		if got := Mask(in); got != want {
			t.Errorf("Mask(%q) = %q, want %q", in, got, want)
		}
	}
}
