package e2e

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"coview/api/demo"
	"coview/internal/testkit"
	"coview/internal/testkit/testtime"
)

// got is what a meter counted: requests, and those with a key.
func got(m *testkit.Meter) (requests, keys int) {
	c := m.Counts()
	return c.Requests, c.WithKey
}

// docServers are a registry, a document API and a storage host on three
// loopback listeners, wired as live: the filing links to metadata on the
// document API, whose content link redirects (with content) to storage,
// which refuses a request with a key and serves one with the signature.
// What they answer is set before they start: the requests come from
// another process, so nothing the race detector can see orders them
// after a change made later.
type docServers struct {
	registry, docs, storage          *httptest.Server
	registryURL, docsURL, storageURL string
	reg, doc, sto                    testkit.Meter
	document                         []byte
	content                          http.HandlerFunc // the document API's answer to a content request
	serve                            http.HandlerFunc // the storage's answer to a signed request without a key
	metadataLink                     string           // the filing's links.document_metadata; default on docs
}

func newDocServers(t *testing.T, configure ...func(*docServers)) *docServers {
	t.Helper()
	s := &docServers{document: []byte("%PDF-1.4 the filing's document\n" + strings.Repeat("%\n", 3000))}
	s.content = func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, s.storageURL+"/docs/1/application-pdf?X-Amz-Signature=5ec2e7", http.StatusFound)
	}
	s.serve = func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", strconv.Itoa(len(s.document)))
		w.Write(s.document)
	}
	s.registry = httptest.NewUnstartedServer(s.reg.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/company/00006400/filing-history/VHJhbnNhY3Rpb24" {
			http.Error(w, `{"errors":[{"error":"filing-history-item-not-found"}]}`, 404)
			return
		}
		io.WriteString(w, s.filing())
	})))
	s.docs = httptest.NewUnstartedServer(s.doc.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/document/d1":
			fmt.Fprintf(w, `{"links":{"document":"%s/document/d1/content"},"resources":{"application/pdf":{"content_length":%d}}}`, s.docsURL, len(s.document))
		case "/document/d1/content":
			s.content(w, r)
		default:
			http.NotFound(w, r)
		}
	})))
	s.storage = httptest.NewUnstartedServer(s.sto.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "" || r.URL.Query().Get("X-Amz-Signature") != "5ec2e7" {
			http.Error(w, "<Error><Code>InvalidArgument</Code><Message>Only one auth mechanism allowed</Message></Error>", http.StatusForbidden)
			return
		}
		s.serve(w, r)
	})))
	url := func(srv *httptest.Server) string { return "http://" + srv.Listener.Addr().String() }
	s.registryURL, s.docsURL, s.storageURL = url(s.registry), url(s.docs), url(s.storage)
	for _, f := range configure {
		f(s)
	}
	for _, srv := range []*httptest.Server{s.registry, s.docs, s.storage} {
		srv.Start()
		t.Cleanup(srv.Close)
	}
	return s
}

// filing is the registry's answer for the filing.
func (s *docServers) filing() string {
	link := s.metadataLink
	if link == "" {
		link = s.docsURL + "/document/d1"
	}
	return fmt.Sprintf(`{"transaction_id":"VHJhbnNhY3Rpb24","type":"AA","date":"2025-12-09","description":"accounts-with-accounts-type-full","links":{"document_metadata":%q}}`, link)
}

// args is a document command against these servers, with the flags.
func (s *docServers) args(dir string, more ...string) []string {
	return append([]string{"document", "00006400", "VHJhbnNhY3Rpb24", "-o", dir, "--base-url", s.registryURL, "--document-url", s.docsURL}, more...)
}

// noFiles fails the test if dir holds anything: no document, no
// temporary file.
func noFiles(t *testing.T, dir string) {
	t.Helper()
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("%s holds %d files: %v", dir, len(entries), entries)
	}
}

func TestTheBinarySavesADemoDocumentWhereItIsRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx, cancel := context.WithDeadline(context.Background(), testtime.Deadline(t))
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, "--demo", "document", "00006400", demo.FilingWithXHTML, "--format", "xhtml")
	cmd.Env, cmd.Dir = cleanEnv(t), dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	name := "00006400 2025-12-09 AA full accounts made up to 31 March 2025.xhtml"
	body, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil || !bytes.Contains(body, []byte("ix:nonFraction")) || stderr.String() != "coview: saved 19.6 kB to "+name+"\n" {
		t.Fatalf("%v; stderr %q", err, stderr.String())
	}
}

// The real binary, pointed at three servers with --base-url and
// --document-url: the key reaches the registry and the document API,
// whatever the redirect's status and wherever it leads, and never the
// storage.
func TestTheBinarySendsTheKeyOnlyToTheRegistryAndTheDocumentAPI(t *testing.T) {
	t.Parallel()
	for _, status := range []int{301, 302, 303, 307, 308} {
		t.Run(strconv.Itoa(status), func(t *testing.T) {
			t.Parallel()
			s := newDocServers(t, func(s *docServers) {
				s.content = func(w http.ResponseWriter, r *http.Request) {
					http.Redirect(w, r, s.storageURL+"/docs/1/application-pdf?X-Amz-Signature=5ec2e7", status)
				}
			})
			dir := t.TempDir()
			r := runCoview(t, cleanEnv(t, "COVIEW_API_KEY="+goodKey), "", s.args(dir)...)
			saved, _ := os.ReadFile(filepath.Join(dir, "00006400 2025-12-09 AA full accounts.pdf"))
			if r.code != 0 || !bytes.Equal(saved, s.document) {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			for _, c := range []struct {
				name        string
				m           *testkit.Meter
				n, withKeys int
			}{{"registry", &s.reg, 1, 1}, {"document API", &s.doc, 2, 2}, {"storage", &s.sto, 1, 0}} {
				if n, k := got(c.m); n != c.n || k != c.withKeys {
					t.Errorf("the %s got %d requests, %d with the key; want %d and %d", c.name, n, k, c.n, c.withKeys)
				}
			}
		})
	}
	t.Run("by way of the registry's own host", func(t *testing.T) {
		t.Parallel()
		s := newDocServers(t, func(s *docServers) {
			s.content = func(w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, s.registryURL+"/company/00006400/filing-history/VHJhbnNhY3Rpb24?hop=1", http.StatusTemporaryRedirect)
			}
			// The registry answers that hop with the filing's JSON, which
			// is then the document, as large as its metadata says (a
			// shorter one is an incomplete download); what matters here
			// is who was sent the key.
			s.document = []byte(s.filing())
		})
		dir := t.TempDir()
		r := runCoview(t, cleanEnv(t, "COVIEW_API_KEY="+goodKey), "", s.args(dir)...)
		if r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		if n, k := got(&s.reg); n != 2 || k != 2 {
			t.Errorf("the registry got %d requests, %d with the key; want both with it", n, k)
		}
		if n, _ := got(&s.sto); n != 0 {
			t.Errorf("storage got %d requests", n)
		}
	})
	t.Run("a metadata link on another origin", func(t *testing.T) {
		t.Parallel()
		other := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("{}")) }))
		s := newDocServers(t, func(s *docServers) { s.metadataLink = other.URL + "/document/d1" })
		dir := t.TempDir()
		r := runCoview(t, cleanEnv(t, "COVIEW_API_KEY="+goodKey), "", s.args(dir)...)
		if r.code != 1 || !strings.Contains(r.stderr, "refused to follow document link") || !strings.Contains(r.stderr, "not on the document API") {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		if n := other.Requests(); n != 0 {
			t.Fatalf("the other origin got %d requests", n)
		}
		noFiles(t, dir)
	})
}

// A download that breaks off, stalls or is interrupted leaves no file,
// under its name or a temporary one, and says why.
func TestTheBinaryLeavesNoFileWhenADownloadFails(t *testing.T) {
	t.Parallel()
	t.Run("cut midway", func(t *testing.T) {
		t.Parallel()
		s := newDocServers(t, func(s *docServers) {
			s.serve = func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Length", strconv.Itoa(len(s.document)))
				w.Write(s.document[:100])
				w.(http.Flusher).Flush()
				if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
					conn.Close()
				}
			}
		})
		dir := t.TempDir()
		r := runCoview(t, cleanEnv(t, "COVIEW_API_KEY="+goodKey), "", s.args(dir)...)
		if r.code != 1 || !strings.Contains(r.stderr, "cut short") {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		noFiles(t, dir)
	})
	t.Run("stalled past the timeout", func(t *testing.T) {
		t.Parallel()
		s := newDocServers(t, func(s *docServers) {
			s.serve = func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Length", "100000")
				w.Write(s.document[:1000])
				w.(http.Flusher).Flush()
				<-r.Context().Done()
			}
		})
		dir := t.TempDir()
		r := runCoview(t, cleanEnv(t, "COVIEW_API_KEY="+goodKey), "", s.args(dir, "--timeout", "400ms")...)
		if r.code != 1 || !strings.Contains(r.stderr, "no data for 400ms (1.0 kB of 100.0 kB received)") {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		noFiles(t, dir)
	})
	t.Run("interrupted", func(t *testing.T) {
		t.Parallel()
		arrived := make(chan struct{}, 1)
		s := newDocServers(t, func(s *docServers) {
			s.serve = func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Length", "100000")
				w.Write(s.document[:1000])
				w.(http.Flusher).Flush()
				arrived <- struct{}{}
				<-r.Context().Done()
			}
		})
		dir := t.TempDir()
		cmd := command(t, cleanEnv(t, "COVIEW_API_KEY="+goodKey), s.args(dir, "--timeout", "1m")...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		startOnceAsked(t, cmd, arrived, "the download's first bytes")
		err := signalAndWait(t, cmd, syscall.SIGINT)
		if cmd.ProcessState.ExitCode() != 130 {
			t.Fatalf("%v: %s", err, stderr.String())
		}
		noFiles(t, dir)
	})
}

// serve-demo says where all three of its servers are, and a coview
// pointed at the first two fetches a document through the third.
func TestServeDemoPrintsItsThreeAddressesAndServesDocuments(t *testing.T) {
	t.Parallel()
	served := serveDemo(t, "serve-demo", "--addr", "127.0.0.1:0")
	defer served.stop(t)
	registry, documents, storage := served.registry, served.documents, served.storage
	if !strings.HasPrefix(documents, "http://127.0.0.1:") || !strings.HasPrefix(storage, "http://127.0.0.1:") || documents == registry || storage == documents {
		t.Fatalf("registry %q, document API %q, storage %q", registry, documents, storage)
	}
	dir := t.TempDir()
	r := runCoview(t, cleanEnv(t, "COVIEW_API_KEY="+demo.Key), "", "--base-url", registry, "--document-url", documents,
		"document", "00006400", demo.FilingWithXHTML, "-o", dir)
	if r.code != 0 || !strings.Contains(r.stderr, "00006400 2025-12-09 AA full accounts made up to 31 March 2025.pdf") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	// Pointed at the live document API instead, the demo's filings are refused: their links are on the demo's.
	r = runCoview(t, cleanEnv(t, "COVIEW_API_KEY="+demo.Key), "", "--base-url", registry,
		"document", "00006400", demo.FilingWithXHTML, "-o", dir)
	if r.code != 1 || !strings.Contains(r.stderr, "not on the document API (https://document-api.company-information.service.gov.uk)") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
}
