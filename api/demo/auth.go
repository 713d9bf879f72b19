package demo

import (
	"crypto/subtle"
	"net/http"
	"strings"
)

// Key is the one API key the demo registry accepts. It is shaped like a live
// REST key (a lower-case UUID) so that clients validating the shape accept it;
// it is public on purpose and opens nothing but the demo.
const Key = "5e1f0c2a-7d3b-4c8e-9a61-0de70de70de7"

// The messages of the spec's 401 table (section 7). They are also the value
// of the Registry-Authentication-Error header.
const (
	errEmptyAuthorization   = "Empty Authorization header"
	errInvalidAuthorization = "Invalid Authorization"
)

// wwwAuthenticate tells the caller that an invalid or no authorisation header
// was provided, as the spec asks, in the usual challenge syntax.
const wwwAuthenticate = `Basic realm="registry", error="invalid or no authorisation header provided"`

// authenticate returns the key a request carries, or the message of the 401
// it must get. The key is the Basic user name and the password is empty;
// anything else (another scheme, bad base64, a password, an unknown key) is
// "Invalid Authorization", and only a missing or blank header is "Empty".
func authenticate(r *http.Request) (key, problem string) {
	if strings.TrimSpace(r.Header.Get("Authorization")) == "" {
		return "", errEmptyAuthorization
	}
	user, password, ok := r.BasicAuth()
	if !ok || password != "" || subtle.ConstantTimeCompare([]byte(user), []byte(Key)) != 1 {
		return "", errInvalidAuthorization
	}
	return user, ""
}

// writeAuthError answers a request that failed authentication with the body
// and headers of the spec's 401 table.
func writeAuthError(w http.ResponseWriter, problem string) {
	h := w.Header()
	h.Set("Registry-Authentication-Error", problem)
	h.Set("WWW-Authenticate", wwwAuthenticate)
	writeFlatError(w, http.StatusUnauthorized, problem)
}
