package demo

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// The storage host plays the part of the live S3 bucket behind the
// document API: it serves a document only at a pre-signed link, while the
// link lasts, and refuses a request that carries an Authorization header
// as well, as S3 does ("Only one auth mechanism allowed"). A client that
// sends the registry's key on the redirect fails here, as it would live.

// amzDate is the X-Amz-Date layout.
const amzDate = "20060102T150405Z"

// storagePath is where a document's format lives in storage, shaped like
// the live bucket's keys: /docs/{id}/application-pdf.
func storagePath(id, format string) string {
	return "/docs/" + id + "/" + strings.ReplaceAll(format, "/", "-")
}

// signStorage is the path and query of a signed link to path, made at now.
func signStorage(secret []byte, path string, now time.Time) string {
	date := now.UTC().Format(amzDate)
	expires := strconv.Itoa(int(storageLinkLifetime / time.Second))
	q := url.Values{
		"X-Amz-Algorithm":     {"AWS4-HMAC-SHA256"},
		"X-Amz-Credential":    {"DEMOACCESSKEY/" + date[:8] + "/eu-west-2/s3/aws4_request"},
		"X-Amz-Date":          {date},
		"X-Amz-Expires":       {expires},
		"X-Amz-SignedHeaders": {"host"},
		"X-Amz-Signature":     {signature(secret, path, date, expires)},
	}
	return path + "?" + q.Encode()
}

func signature(secret []byte, path, date, expires string) string {
	m := hmac.New(sha256.New, secret)
	fmt.Fprintf(m, "%s\n%s\n%s", path, date, expires)
	return hex.EncodeToString(m.Sum(nil))
}

// storage serves documents at signed links.
func (d *documents) storage() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "" {
			writeS3Error(w, http.StatusForbidden, "InvalidArgument",
				"Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified")
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			writeS3Error(w, http.StatusMethodNotAllowed, "MethodNotAllowed", "The specified method is not allowed against this resource.")
			return
		}
		q := r.URL.Query()
		date, expires, sig := q.Get("X-Amz-Date"), q.Get("X-Amz-Expires"), q.Get("X-Amz-Signature")
		if sig == "" || !hmac.Equal([]byte(sig), []byte(signature(d.secret, r.URL.Path, date, expires))) {
			writeS3Error(w, http.StatusForbidden, "SignatureDoesNotMatch", "The request signature we calculated does not match the signature you provided.")
			return
		}
		signed, err := time.Parse(amzDate, date)
		secs, _ := strconv.Atoi(expires)
		if err != nil || !d.now().Before(signed.Add(time.Duration(secs)*time.Second)) {
			writeS3Error(w, http.StatusForbidden, "AccessDenied", "Request has expired")
			return
		}
		var doc *document
		var format string
		if rest, ok := strings.CutPrefix(r.URL.Path, "/docs/"); ok {
			id, f, _ := strings.Cut(rest, "/")
			doc, format = d.find(id), strings.Replace(f, "-", "/", 1)
		}
		var b blob
		ok := doc != nil
		if ok {
			b, ok = doc.content(format)
		}
		if !ok {
			writeS3Error(w, http.StatusNotFound, "NoSuchKey", "The specified key does not exist.")
			return
		}
		h := w.Header()
		h.Set("Content-Type", format)
		h.Set("Content-Length", strconv.FormatInt(b.size(), 10))
		w.WriteHeader(http.StatusOK)
		if r.Method == http.MethodHead {
			return
		}
		rate := 0
		if doc.slow && format == formatPDF {
			rate = d.slowRate
		}
		b.writeTo(r.Context(), w, rate)
	})
}

// writeS3Error answers in S3's XML error shape.
func writeS3Error(w http.ResponseWriter, status int, code, message string) {
	w.Header().Set("Content-Type", "application/xml")
	w.WriteHeader(status)
	fmt.Fprintf(w, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>%s</Code><Message>%s</Message></Error>\n", code, message)
}
