package api

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"coview/save"
)

// counter is a server's tally of what it was sent: how many requests,
// and how many of them carried an Authorization header, by path.
type counter struct {
	mu       sync.Mutex
	requests int
	withAuth int
	paths    []string
}

func (c *counter) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.mu.Lock()
		c.requests++
		auth := r.Header.Get("Authorization") != ""
		if auth {
			c.withAuth++
		}
		c.paths = append(c.paths, fmt.Sprintf("%s auth=%v", r.URL.Path, auth))
		c.mu.Unlock()
		h.ServeHTTP(w, r)
	})
}

func (c *counter) counts() (requests, withAuth int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.requests, c.withAuth
}

func (c *counter) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return fmt.Sprintf("%d requests, %d with a key: %v", c.requests, c.withAuth, c.paths)
}

// signature is what the test storage wants in a link's query, as S3
// wants a pre-signed one; tests check that no message ever shows it.
const signature = "X-Amz-Signature=5ec2e7"

// world is a registry, a document API and a storage host, each on a
// loopback listener of its own and each counting what it was sent, wired
// as live: a filing links to its metadata on the document API, whose
// content link redirects to a signed storage link. Its fields change how
// each answers.
type world struct {
	t                           *testing.T
	registry, docs, storage     *httptest.Server
	reg, doc, sto               *counter
	client                      *Client
	documents                   *DocumentClient
	body                        []byte           // the document
	resources                   string           // the metadata's resources member
	documentLink                string           // the metadata's links.document; default the content link on docs
	content, relay, serveStored http.HandlerFunc // the document API's content, the registry's /relay/, the storage's answer

	// barrier orders what a test sets above before what the servers read:
	// the client takes it before each request it sends (in the test's
	// goroutine), each server before it answers. The race detector cannot
	// see that a request over a socket comes after what the test did.
	barrier sync.Mutex
}

// pass is both sides of the barrier.
func (w *world) pass() {
	w.barrier.Lock()
	w.barrier.Unlock() //lint:ignore SA2001 an empty critical section is the point
}

// through makes every request a client sends pass the barrier first.
type through struct {
	w    *world
	next http.RoundTripper
}

func (t through) RoundTrip(r *http.Request) (*http.Response, error) {
	t.w.pass()
	return t.next.RoundTrip(r)
}

// served makes a server pass the barrier before it answers.
func (w *world) served(h http.Handler) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		w.pass()
		h.ServeHTTP(rw, r)
	})
}

const worldFiling = "/company/00006400/filing-history/MzAwMDAwMDAwMWFkaXF6a2N4"

// newWorld starts the three servers. The document API redirects content
// with a 302 to storage, which refuses a request with a key (403, as S3
// does) or without the signature, and otherwise serves body with its
// Content-Length.
func newWorld(t *testing.T, opts ...func(*DocumentOptions)) *world {
	t.Helper()
	w := &world{t: t, reg: &counter{}, doc: &counter{}, sto: &counter{}}
	w.body = []byte("%PDF-1.4 the document of filing 1\n" + strings.Repeat("x", 5000))
	w.resources = `{"application/pdf":{"content_length":` + strconv.Itoa(len(w.body)) + `}}`
	w.content = func(rw http.ResponseWriter, r *http.Request) {
		w.redirectTo(rw, http.StatusFound, w.storage.URL+"/docs/1?"+signature)
	}
	w.relay = func(rw http.ResponseWriter, r *http.Request) { http.NotFound(rw, r) }
	w.serveStored = func(rw http.ResponseWriter, r *http.Request) {
		rw.Header().Set("Content-Type", "application/pdf")
		rw.Header().Set("Content-Length", strconv.Itoa(len(w.body)))
		rw.Write(w.body)
	}

	reg := http.NewServeMux()
	reg.HandleFunc(worldFiling, func(rw http.ResponseWriter, r *http.Request) {
		jsonReply(200, `{"transaction_id":"MzAwMDAwMDAwMWFkaXF6a2N4","type":"AA","date":"2025-12-09","description":"accounts-with-accounts-type-full",
			"links":{"self":"`+worldFiling+`","document_metadata":"`+w.docs.URL+`/document/d1"}}`)(rw, r)
	})
	reg.HandleFunc("/relay/", func(rw http.ResponseWriter, r *http.Request) { w.relay(rw, r) })
	reg.HandleFunc("/", jsonReply(404, `{"errors":[{"error":"filing-history-item-not-found","type":"ch:service"}]}`))

	docs := http.NewServeMux()
	docs.HandleFunc("/document/d1", func(rw http.ResponseWriter, r *http.Request) {
		link := w.documentLink
		if link == "" {
			link = w.docs.URL + "/document/d1/content"
		}
		jsonReply(200, `{"company_number":"00006400","pages":5,"significant_date":null,"links":{"self":"`+w.docs.URL+`/document/d1","document":"`+link+`"},"resources":`+w.resources+`}`)(rw, r)
	})
	docs.HandleFunc("/document/d1/content", func(rw http.ResponseWriter, r *http.Request) { w.content(rw, r) })
	docs.HandleFunc("/", jsonReply(404, `{"error":"document not found"}`))

	sto := http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		switch {
		case r.Header.Get("Authorization") != "":
			http.Error(rw, "<Error><Code>InvalidArgument</Code><Message>Only one auth mechanism allowed</Message></Error>", http.StatusForbidden)
		case !strings.Contains(r.URL.RawQuery, signature):
			http.Error(rw, "<Error><Code>AccessDenied</Code></Error>", http.StatusForbidden)
		default:
			w.serveStored(rw, r)
		}
	})

	w.registry = httptest.NewServer(w.served(w.reg.wrap(reg)))
	w.docs = httptest.NewServer(w.served(w.doc.wrap(docs)))
	w.storage = httptest.NewServer(w.served(w.sto.wrap(sto)))
	t.Cleanup(w.registry.Close)
	t.Cleanup(w.docs.Close)
	t.Cleanup(w.storage.Close)

	transport := through{w, http.DefaultTransport}
	w.client = newClient(t, w.registry.URL, func(o *Options) { o.Transport = transport })
	o := DocumentOptions{BaseURL: w.docs.URL, IdleTimeout: 5 * time.Second, Transport: transport}
	for _, f := range opts {
		f(&o)
	}
	d, err := NewDocumentClient(w.client, o)
	if err != nil {
		t.Fatal(err)
	}
	w.documents = d
	return w
}

func (w *world) redirectTo(rw http.ResponseWriter, status int, to string) {
	rw.Header().Set("Location", to)
	rw.Header().Set("Content-Type", "text/plain")
	rw.WriteHeader(status)
}

// metadata fetches the world's filing and its document's metadata, as
// a browser or the command line does.
func (w *world) metadata() *DocumentMetadata {
	w.t.Helper()
	ctx := context.Background()
	f, err := w.client.Filing(ctx, worldFiling)
	if err != nil {
		w.t.Fatal(err)
	}
	m, err := w.documents.Metadata(ctx, f.Links.DocumentMetadata)
	if err != nil {
		w.t.Fatal(err)
	}
	return m
}

// save downloads the world's document into dir as the browser and
// coview document do: through save.Into, whole or not at all.
func (w *world) save(ctx context.Context, meta *DocumentMetadata, format, dir, name string, progress func(Progress)) (string, error) {
	return saveDocument(ctx, w.documents, meta, format, dir, name, progress)
}

// saveDocument is Download into save.Into.
func saveDocument(ctx context.Context, d *DocumentClient, meta *DocumentMetadata, format, dir, name string, progress func(Progress)) (string, error) {
	return save.Into(dir, name, func(out io.Writer) error {
		_, err := d.Download(ctx, meta, format, out, progress)
		return err
	})
}

// storageNeverSawTheKey fails the test if any request to storage carried
// an Authorization header.
func (w *world) storageNeverSawTheKey() {
	w.t.Helper()
	if _, auth := w.sto.counts(); auth != 0 {
		w.t.Fatalf("the storage host was sent the key: %s", w.sto)
	}
}

// noSecrets fails the test if an error message shows the key or the
// storage link's signature.
func noSecrets(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		return
	}
	for _, s := range []string{testKey, basicAuth(testKey), "5ec2e7"} {
		if strings.Contains(err.Error(), s) {
			t.Fatalf("the error shows a secret: %v", err)
		}
	}
}

// emptyDir fails the test unless dir has no file at all: no document and
// no temporary file.
func emptyDir(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 0 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Fatalf("%s holds %v", dir, names)
	}
}
