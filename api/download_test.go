package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The whole way, for every status a redirect can have: the key reaches
// the registry and the document API, and never the storage.
func TestTheKeyReachesTheRegistryAndTheDocumentAPIButNeverTheStorage(t *testing.T) {
	for _, status := range []int{301, 302, 303, 307, 308} {
		t.Run(strconv.Itoa(status), func(t *testing.T) {
			w := newWorld(t)
			w.content = func(rw http.ResponseWriter, r *http.Request) {
				w.redirectTo(rw, status, w.storage.URL+"/docs/1?"+signature)
			}
			dir := t.TempDir()
			path, err := w.save(context.Background(), w.metadata(), FormatPDF, dir, "a.pdf", nil)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(path)
			if !bytes.Equal(got, w.body) {
				t.Fatalf("saved %d bytes, want the %d of the document", len(got), len(w.body))
			}
			for _, c := range []struct {
				name           string
				c              *counter
				requests, auth int
			}{
				{"registry", w.reg, 1, 1},
				{"document API", w.doc, 2, 2},
				{"storage", w.sto, 1, 0},
			} {
				if n, a := c.c.counts(); n != c.requests || a != c.auth {
					t.Errorf("the %s got %s; want %d requests, %d with the key", c.name, c.c, c.requests, c.auth)
				}
			}
		})
	}
}

// A redirect back to the registry's own origin, or to the document API's,
// may carry the key: each hop is decided afresh, so the key comes back
// after a hop that had to go without it, and never goes to storage.
func TestEveryHopOfARedirectChainIsDecidedByItsOrigin(t *testing.T) {
	w := newWorld(t)
	second := &counter{}
	other := httptest.NewServer(w.served(second.wrap(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "" || r.Header.Get("Referer") != "" {
			http.Error(rw, "a key or a referer", http.StatusForbidden)
			return
		}
		w.redirectTo(rw, http.StatusTemporaryRedirect, w.registry.URL+"/relay/last")
	}))))
	defer other.Close()
	// document API -> registry -> storage -> another storage -> registry, which serves it.
	w.content = func(rw http.ResponseWriter, r *http.Request) {
		w.redirectTo(rw, http.StatusFound, w.registry.URL+"/relay/first")
	}
	w.relay = func(rw http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != basicAuth(testKey) {
			http.Error(rw, "no key", http.StatusUnauthorized)
			return
		}
		if r.URL.Path == "/relay/first" {
			w.redirectTo(rw, http.StatusMovedPermanently, w.storage.URL+"/docs/1?"+signature)
			return
		}
		rw.Write(w.body)
	}
	w.serveStored = func(rw http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Referer") != "" {
			http.Error(rw, "a referer", http.StatusForbidden)
			return
		}
		w.redirectTo(rw, http.StatusSeeOther, other.URL+"/copy?"+signature)
	}
	var out bytes.Buffer
	if _, err := w.documents.Download(context.Background(), w.metadata(), "", &out, nil); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), w.body) {
		t.Fatalf("got %d bytes", out.Len())
	}
	if n, a := w.reg.counts(); n != 3 || a != 3 {
		t.Errorf("registry: %s", w.reg)
	}
	if n, a := second.counts(); n != 1 || a != 0 {
		t.Errorf("the other storage: %s", second)
	}
	w.storageNeverSawTheKey()
}

// A key set on the registry client after the document client was made
// (typed into the browser) is the one the document API gets.
func TestTheDocumentClientUsesTheRegistrysKeyAsItIsNow(t *testing.T) {
	w := newWorld(t)
	var got string
	w.content = func(rw http.ResponseWriter, r *http.Request) {
		got = r.Header.Get("Authorization")
		w.redirectTo(rw, http.StatusFound, w.storage.URL+"/docs/1?"+signature)
	}
	m := w.metadata()
	w.client.SetKey("another-key")
	if _, err := w.documents.Download(context.Background(), m, "", &bytes.Buffer{}, nil); err != nil {
		t.Fatal(err)
	}
	if got != basicAuth("another-key") {
		t.Fatalf("the content request carried %q", got)
	}
	w.storageNeverSawTheKey()
}

// A link from the registry, or from the metadata, to anywhere but the
// document API is refused with the reason, and nothing is sent there.
func TestADocumentLinkOffTheDocumentAPIIsRefusedAndNothingIsSent(t *testing.T) {
	elsewhere := &counter{}
	evil := httptest.NewServer(elsewhere.wrap(http.HandlerFunc(jsonReply(200, `{}`))))
	defer evil.Close()
	w := newWorld(t)
	docHost := strings.TrimPrefix(w.docs.URL, "http://")
	tests := []struct{ name, link, why string }{
		{"another host", evil.URL + "/document/d1", "not on the document API"},
		{"the registry", w.registry.URL + "/document/d1", "not on the document API"},
		{"another scheme", "https://" + docHost + "/document/d1", "not on the document API"},
		{"credentials", "http://user:pass@" + docHost + "/document/d1", "user name or password"},
		{"protocol-relative", "//" + strings.TrimPrefix(evil.URL, "http://") + "/document/d1", "protocol-relative"},
		{"a dot-dot segment", w.docs.URL + "/document/../company/00006400", ". or .. segment"},
		{"an encoded dot-dot", w.docs.URL + "/document/%2e%2e/x", ". or .. segment"},
		{"a fragment", w.docs.URL + "/document/d1#x", "fragment"},
		{"a space", w.docs.URL + "/document/d 1", "spaces"},
		{"javascript", "javascript:alert(1)", "scheme"},
		{"a relative path", "document/d1", "neither an absolute URL nor a path"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := w.documents.Metadata(context.Background(), tt.link)
			if !errors.Is(err, ErrRefusedLink) || !strings.Contains(err.Error(), tt.why) {
				t.Fatalf("Metadata(%q): %v, want it refused because %s", tt.link, err, tt.why)
			}
			noSecrets(t, err)
		})
	}
	// The same for the content link the metadata gives.
	w.documentLink = evil.URL + "/document/d1/content"
	_, err := w.documents.Download(context.Background(), w.metadata(), "", &bytes.Buffer{}, nil)
	if !errors.Is(err, ErrRefusedLink) {
		t.Fatalf("a content link elsewhere: %v", err)
	}
	if n, _ := elsewhere.counts(); n != 0 {
		t.Fatalf("the other host was sent %s", elsewhere)
	}
	if n, _ := w.doc.counts(); n != 1 {
		t.Fatalf("the document API: %s, want the one metadata request", w.doc)
	}
}

// A path the metadata gives is read on the document API, and a document
// API under a path prefix keeps to it.
func TestAPathIsReadOnTheDocumentAPIUnderItsPrefix(t *testing.T) {
	w := newWorld(t)
	w.documentLink = "/document/d1/content"
	if _, err := w.documents.Download(context.Background(), w.metadata(), "", &bytes.Buffer{}, nil); err != nil {
		t.Fatal(err)
	}
	prefixed, err := NewDocumentClient(w.client, DocumentOptions{BaseURL: w.docs.URL + "/docs-api/"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := prefixed.CheckDocumentLink(w.docs.URL + "/docs-api/document/d1"); err != nil {
		t.Errorf("under the prefix: %v", err)
	}
	if _, err := prefixed.CheckDocumentLink(w.docs.URL + "/document/d1"); !errors.Is(err, ErrRefusedLink) {
		t.Errorf("outside the prefix: %v", err)
	}
	if _, err := prefixed.CheckDocumentLink(strings.Replace(w.docs.URL, "127.0.0.1", "127.0.0.1", 1) + ":80/docs-api/x"); err == nil {
		t.Errorf("another port was accepted")
	}
}

// A redirect that goes from https to http, or names credentials, is
// refused before anything is sent to it.
func TestARedirectThatDowngradesOrCarriesCredentialsIsRefused(t *testing.T) {
	t.Run("from https to http", func(t *testing.T) {
		w := newWorld(t)
		tls := httptest.NewTLSServer(w.doc.wrap(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
			w.redirectTo(rw, http.StatusFound, w.storage.URL+"/docs/1?"+signature)
		})))
		defer tls.Close()
		d, err := NewDocumentClient(w.client, DocumentOptions{BaseURL: tls.URL, Transport: tls.Client().Transport})
		if err != nil {
			t.Fatal(err)
		}
		m := &DocumentMetadata{Resources: map[string]DocumentResource{FormatPDF: {}}}
		m.Links.Document = tls.URL + "/document/d1/content"
		_, err = d.Download(context.Background(), m, "", &bytes.Buffer{}, nil)
		if !errors.Is(err, ErrRefusedLink) || !strings.Contains(err.Error(), "from https to http") {
			t.Fatalf("%v", err)
		}
		noSecrets(t, err)
		if n, _ := w.sto.counts(); n != 0 {
			t.Fatalf("storage: %s", w.sto)
		}
	})
	t.Run("credentials in the URL", func(t *testing.T) {
		w := newWorld(t)
		w.content = func(rw http.ResponseWriter, r *http.Request) {
			w.redirectTo(rw, http.StatusFound, strings.Replace(w.storage.URL, "http://", "http://user:pw@", 1)+"/docs/1?"+signature)
		}
		_, err := w.documents.Download(context.Background(), w.metadata(), "", &bytes.Buffer{}, nil)
		if !errors.Is(err, ErrRefusedLink) || !strings.Contains(err.Error(), "user name or password") {
			t.Fatalf("%v", err)
		}
		if n, _ := w.sto.counts(); n != 0 {
			t.Fatalf("storage: %s", w.sto)
		}
	})
	t.Run("too many hops", func(t *testing.T) {
		w := newWorld(t)
		w.content = func(rw http.ResponseWriter, r *http.Request) {
			w.redirectTo(rw, http.StatusFound, w.docs.URL+"/document/d1/content")
		}
		if _, err := w.documents.Download(context.Background(), w.metadata(), "", &bytes.Buffer{}, nil); !errors.Is(err, ErrBadResponse) {
			t.Fatalf("%v", err)
		}
	})
}

func TestWhatIsNotThereIsSaidSo(t *testing.T) {
	ctx := context.Background()
	t.Run("a filing that does not exist", func(t *testing.T) {
		w := newWorld(t)
		if _, err := w.client.Filing(ctx, "/company/00006400/filing-history/nope"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("%v", err)
		}
	})
	t.Run("a filing without a document", func(t *testing.T) {
		w := newWorld(t)
		_, err := w.documents.Metadata(ctx, "")
		if !errors.Is(err, ErrNoDocument) || !strings.Contains(err.Error(), "no document") {
			t.Fatalf("%v", err)
		}
		if n, _ := w.doc.counts(); n != 0 {
			t.Fatalf("document API: %s", w.doc)
		}
	})
	t.Run("metadata that is a 404", func(t *testing.T) {
		w := newWorld(t)
		_, err := w.documents.Metadata(ctx, w.docs.URL+"/document/gone")
		if !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "/document/gone") {
			t.Fatalf("%v", err)
		}
	})
	t.Run("content the storage does not have", func(t *testing.T) {
		w := newWorld(t)
		w.serveStored = func(rw http.ResponseWriter, r *http.Request) { http.Error(rw, "<Error>NoSuchKey</Error>", 404) }
		_, err := w.documents.Download(ctx, w.metadata(), "", &bytes.Buffer{}, nil)
		if !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "storage at "+strings.TrimPrefix(w.storage.URL, "http://")) {
			t.Fatalf("%v", err)
		}
		noSecrets(t, err)
	})
	t.Run("a storage link that was refused", func(t *testing.T) {
		w := newWorld(t)
		w.content = func(rw http.ResponseWriter, r *http.Request) {
			w.redirectTo(rw, http.StatusFound, w.storage.URL+"/docs/1?X-Amz-Signature=expired")
		}
		_, err := w.documents.Download(ctx, w.metadata(), "", &bytes.Buffer{}, nil)
		if !errors.Is(err, ErrServer) || errors.Is(err, ErrForbidden) || !strings.Contains(err.Error(), "refused the download link") {
			t.Fatalf("%v (a 403 from storage is not the key's fault)", err)
		}
	})
	t.Run("a key the document API refuses", func(t *testing.T) {
		w := newWorld(t)
		w.content = jsonReply(401, `{"error":"Invalid Authorization","type":"ch:service"}`)
		_, err := w.documents.Download(ctx, w.metadata(), "", &bytes.Buffer{}, nil)
		if !errors.Is(err, ErrInvalidKey) {
			t.Fatalf("%v", err)
		}
		noSecrets(t, err)
	})
}

// A format the document does not come in is refused with those it does,
// before the content is asked for; a document API that says so with a
// 406 is understood too.
func TestAMissingFormatListsTheFormatsThereAre(t *testing.T) {
	w := newWorld(t)
	m := w.metadata()
	_, err := w.documents.Download(context.Background(), m, FormatXHTML, &bytes.Buffer{}, nil)
	if !errors.Is(err, ErrNoDocument) || !strings.Contains(err.Error(), "no XHTML (iXBRL) version; it comes as PDF") {
		t.Fatalf("%v", err)
	}
	if n, _ := w.doc.counts(); n != 1 {
		t.Fatalf("document API: %s", w.doc)
	}
	w.resources = `{}`
	w.content = jsonReply(406, `{"error":"not acceptable"}`)
	_, err = w.documents.Download(context.Background(), w.metadata(), FormatXHTML, &bytes.Buffer{}, nil)
	if !errors.Is(err, ErrNoDocument) || !strings.Contains(err.Error(), "(406)") {
		t.Fatalf("%v", err)
	}
}

func TestTheAcceptHeaderAsksForTheFormatChosen(t *testing.T) {
	w := newWorld(t)
	w.resources = `{"application/pdf":{"content_length":10},"application/xhtml+xml":{"content_length":"5006"}}`
	var accept string
	w.content = func(rw http.ResponseWriter, r *http.Request) {
		accept = r.Header.Get("Accept")
		w.redirectTo(rw, http.StatusFound, w.storage.URL+"/docs/1?"+signature)
	}
	m := w.metadata()
	if got := m.Formats(); len(got) != 2 || got[0] != FormatPDF || m.Size(FormatXHTML) != 5006 {
		t.Fatalf("formats %v, size %d", got, m.Size(FormatXHTML))
	}
	if _, err := w.documents.Download(context.Background(), m, FormatXHTML, &bytes.Buffer{}, nil); err != nil || accept != FormatXHTML {
		t.Fatalf("Accept %q: %v", accept, err)
	}
}

// Too large is refused as soon as it is known: by the metadata (nothing
// asked), by the Content-Length (nothing read), or by the bytes as they
// come when the length is not announced. Nothing is left on disk.
func TestADocumentLargerThanTheLimitIsRefusedAndNothingIsKept(t *testing.T) {
	limit := func(o *DocumentOptions) { o.MaxBytes = 1000 }
	tests := []struct {
		name      string
		resources string
		serve     http.HandlerFunc
		storage   int // requests storage should get
	}{
		{"by its metadata", `{"application/pdf":{"content_length":5000}}`, nil, 0},
		{"by its Content-Length", `{"application/pdf":{}}`, nil, 1},
		{"while reading an answer of unknown length", `{"application/pdf":{}}`, func(rw http.ResponseWriter, r *http.Request) {
			for range 50 {
				rw.Write(bytes.Repeat([]byte("x"), 100))
				rw.(http.Flusher).Flush()
			}
		}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t, limit)
			w.resources = tt.resources
			if tt.serve != nil {
				w.serveStored = tt.serve
			}
			dir := t.TempDir()
			_, err := w.save(context.Background(), w.metadata(), "", dir, "big.pdf", nil)
			if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "more than the 1.0 kB") {
				t.Fatalf("%v", err)
			}
			emptyDir(t, dir)
			if n, _ := w.sto.counts(); n != tt.storage {
				t.Fatalf("storage: %s", w.sto)
			}
		})
	}
}

// cut sends part of a document and then drops the connection.
func cut(announce bool, body []byte) http.HandlerFunc {
	return func(rw http.ResponseWriter, r *http.Request) {
		if announce {
			rw.Header().Set("Content-Length", strconv.Itoa(len(body)))
		}
		rw.Write(body[:len(body)/3])
		rw.(http.Flusher).Flush()
		conn, _, err := http.NewResponseController(rw).Hijack()
		if err == nil {
			conn.Close()
		}
	}
}

// A storage that sends fewer bytes than the metadata says the document
// is (1,000 of 5,034), with a Content-Length that matches what it sends,
// has not sent the document: the download is incomplete, says so, and
// nothing is kept.
func TestADownloadShorterThanItsMetadataSaysIsIncompleteAndNothingIsKept(t *testing.T) {
	w := newWorld(t)
	w.serveStored = func(rw http.ResponseWriter, r *http.Request) {
		rw.Header().Set("Content-Length", "1000")
		rw.Write(w.body[:1000])
	}
	dir := t.TempDir()
	_, err := w.save(context.Background(), w.metadata(), "", dir, "a.pdf", nil)
	if !errors.Is(err, ErrBadResponse) || !strings.Contains(err.Error(), "incomplete: 1.0 kB of the 5.0 kB") {
		t.Fatalf("%v", err)
	}
	noSecrets(t, err)
	emptyDir(t, dir)
}

func TestAConnectionCutMidwayLeavesNoFileBehind(t *testing.T) {
	for _, announce := range []bool{true, false} {
		t.Run(fmt.Sprintf("Content-Length %v", announce), func(t *testing.T) {
			w := newWorld(t)
			w.serveStored = cut(announce, w.body)
			dir := t.TempDir()
			_, err := w.save(context.Background(), w.metadata(), "", dir, "a.pdf", nil)
			if !errors.Is(err, ErrBadResponse) || !strings.Contains(err.Error(), "cut short") || !strings.Contains(err.Error(), "received") {
				t.Fatalf("%v", err)
			}
			noSecrets(t, err)
			emptyDir(t, dir)
		})
	}
}

// stall sends a little, then nothing until the client goes away.
func stall(rw http.ResponseWriter, r *http.Request) {
	rw.Header().Set("Content-Length", "100000")
	rw.Write(bytes.Repeat([]byte("x"), 1000))
	rw.(http.Flusher).Flush()
	<-r.Context().Done()
}

func TestCancellingADownloadLeavesNoFileBehind(t *testing.T) {
	w := newWorld(t)
	w.serveStored = stall
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	progress := func(p Progress) {
		if p.Done > 0 {
			cancel() // the user pressed esc once the bar moved
		}
	}
	w.documents.progressEvery = 0
	_, err := w.save(ctx, w.metadata(), "", dir, "a.pdf", progress)
	if !errors.Is(err, ErrCanceled) {
		t.Fatalf("%v", err)
	}
	emptyDir(t, dir)
}

// There is no deadline for a download, only for silence: one that stalls
// ends after the idle timeout, saying so, while a slow one that keeps
// coming completes however long it takes.
func TestAStalledDownloadEndsButASlowSteadyOneCompletes(t *testing.T) {
	idle := func(o *DocumentOptions) { o.IdleTimeout = 300 * time.Millisecond }
	t.Run("stalled", func(t *testing.T) {
		w := newWorld(t, idle)
		w.serveStored = stall
		dir := t.TempDir()
		start := time.Now()
		_, err := w.save(context.Background(), w.metadata(), "", dir, "a.pdf", nil)
		if !errors.Is(err, ErrTimeout) || !strings.Contains(err.Error(), "no data for 300ms (1.0 kB of 100.0 kB received)") {
			t.Fatalf("%v", err)
		}
		if took := time.Since(start); took > 5*time.Second {
			t.Fatalf("took %s to notice", took)
		}
		emptyDir(t, dir)
	})
	t.Run("slow but steady", func(t *testing.T) {
		w := newWorld(t, idle)
		w.serveStored = func(rw http.ResponseWriter, r *http.Request) {
			rw.Header().Set("Content-Length", strconv.Itoa(len(w.body)))
			for i := 0; i < len(w.body); i += len(w.body) / 15 {
				rw.Write(w.body[i:min(i+len(w.body)/15, len(w.body))])
				rw.(http.Flusher).Flush()
				time.Sleep(100 * time.Millisecond) // well inside the idle timeout, 1.5s in all
			}
		}
		dir := t.TempDir()
		start := time.Now()
		path, err := w.save(context.Background(), w.metadata(), "", dir, "a.pdf", nil)
		if err != nil {
			t.Fatal(err)
		}
		if took := time.Since(start); took < 1200*time.Millisecond {
			t.Fatalf("took only %s: not slow enough to prove anything", took)
		}
		if got, _ := os.ReadFile(path); !bytes.Equal(got, w.body) {
			t.Fatal("the document came out different")
		}
	})
}

func TestProgressCountsUpToTheTotal(t *testing.T) {
	tests := []struct {
		name      string
		resources string
		announce  bool
		want      int64 // the total reported before the end
	}{
		{"from the Content-Length", `{"application/pdf":{"content_length":1}}`, true, 5034},
		{"from the metadata when the length is not announced", `{"application/pdf":{"content_length":5034}}`, false, 5034},
		{"unknown", `{"application/pdf":{}}`, false, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t)
			w.resources = tt.resources
			w.serveStored = func(rw http.ResponseWriter, r *http.Request) {
				if tt.announce {
					rw.Header().Set("Content-Length", strconv.Itoa(len(w.body)))
				}
				for i := 0; i < len(w.body); i += 1000 {
					rw.Write(w.body[i:min(i+1000, len(w.body))])
					rw.(http.Flusher).Flush()
				}
			}
			w.documents.progressEvery = 0
			var mu sync.Mutex
			var got []Progress
			_, err := w.documents.Download(context.Background(), w.metadata(), "", &bytes.Buffer{}, func(p Progress) {
				mu.Lock()
				got = append(got, p)
				mu.Unlock()
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(w.body) != 5034 || len(got) < 3 || got[0] != (Progress{0, tt.want}) || got[len(got)-1] != (Progress{5034, 5034}) {
				t.Fatalf("progress %v", got)
			}
			for i := 1; i < len(got)-1; i++ {
				if got[i].Done < got[i-1].Done || got[i].Total != tt.want {
					t.Fatalf("progress went %v then %v", got[i-1], got[i])
				}
			}
		})
	}
}
