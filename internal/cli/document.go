package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"coview/api"
	"coview/present"
	"coview/present/sanitize"
	"coview/save"
)

const documentLong = `Save a filing's document (the accounts, a confirmation statement...) as the
registry holds it: a PDF, or for accounts filed electronically also XHTML with
inline XBRL (--format xhtml).

NUMBER is the company number; TRANSACTION_ID is the filing's transaction id,
as the browser shows it on the filing's page, or as in
coview --json --follow filings NUMBER.

Without -o the document is saved in the current directory under a name that
says what it is, the one the browser saves it under, such as
"00006400 2025-12-09 AA full accounts made up to 31 March 2025.pdf"; a file
that is there is never overwritten: " (2)" is added to the new one's name.
-o DIR saves into DIR in the same way, -o FILE saves as FILE (refused if FILE
exists), and -o - writes the document to stdout. The path is printed on
stderr; on a terminal, so is the progress. A download that fails or is
interrupted, or that brings fewer bytes than the document API gives as the
document's size, leaves no file behind.

The key goes to the registry and its document API only; the document itself
comes from a storage host through a short-lived link, which is never sent the
key.

Exit codes: 0 saved, 1 failure, 2 usage error (the number, the transaction
id or the format), 3 no key or the key was rejected, 4 no such filing, or it
has no document (in that format).`

const documentExample = `
coview document 00006400 OTI1ODMyMTcxNWRtb3JlZ3h6
coview document 00006400 OTI1ODMyMTcxNWRtb3JlZ3h6 --format xhtml -o ~/accounts/
coview document 00006400 OTI1ODMyMTcxNWRtb3JlZ3h6 -o - | pdftotext - -
`

// documentFlags are the flags of "coview document".
type documentFlags struct {
	output string
	format string
	dir    string // the settings' download_dir: where it goes without -o
}

// newDocumentCommand is "coview document": one filing's document, saved.
func newDocumentCommand(env Env) *cobra.Command {
	var f documentFlags
	cmd := &cobra.Command{
		Use:     "document NUMBER TRANSACTION_ID [-o PATH|-] [--format pdf|xhtml]",
		Short:   "Save a filing's document (its PDF, or XHTML for accounts)",
		Long:    documentLong,
		Example: documentExample,
		Args:    cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			f.dir = settingsOf(cmd, env).DownloadDir
			return runDocument(cmd.Context(), args, &f, env)
		},
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.StringVarP(&f.output, "output", "o", "", "where to save it: a FILE, a DIR, or - for stdout (default: the settings' download_dir, else the current directory)")
	fs.StringVar(&f.format, "format", "pdf", "the format: pdf, or xhtml (inline XBRL, for accounts filed electronically)")
	cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"pdf", "xhtml"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// destination is where the document goes: stdout, a directory (under the
// descriptive name), or exactly a file.
type destination struct {
	stdout    bool
	dir, file string
}

// chooseDestination reads -o. Refusals that need no request come first:
// a terminal as stdout, a file that is already there.
func chooseDestination(output, dir string, env Env) (destination, error) {
	switch {
	case output == "-":
		if isTerminal(env.Stdout) {
			return destination{}, usageError("-o - writes the document to stdout, which is a terminal here; redirect it (> file.pdf) or give -o PATH")
		}
		return destination{stdout: true}, nil
	case output == "" && dir != "":
		return destination{dir: dir}, nil
	case output == "":
		return destination{dir: "."}, nil
	case strings.HasSuffix(output, string(filepath.Separator)):
		return destination{dir: output}, nil
	}
	fi, err := os.Stat(output)
	switch {
	case err == nil && fi.IsDir():
		return destination{dir: output}, nil
	case err == nil || !errors.Is(err, fs.ErrNotExist):
		return destination{}, existsError(output)
	}
	return destination{file: output}, nil
}

func existsError(path string) error {
	return &exitError{code: exitFailure, msg: fmt.Sprintf("%s exists, and coview never overwrites a file: remove it, or give another file or a directory with -o", path)}
}

// isTransactionID accepts what the registry's transaction ids are made
// of (base64url: letters, digits, - and _), so nothing else is sent.
func isTransactionID(s string) bool {
	return s != "" && len(s) <= 100 && strings.Trim(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=") == ""
}

// runDocument checks the command line before anything is opened, then
// finds the filing, its document's metadata, and saves the document.
func runDocument(ctx context.Context, args []string, f *documentFlags, env Env) error {
	if len(args) != 2 {
		return &exitError{code: exitUsage, help: "coview document",
			msg: "document takes a company number and a filing's transaction id: coview document 00006400 OTI1ODMyMTcxNWRtb3JlZ3h6"}
	}
	number, err := oneNumber(args[0])
	if err != nil {
		return err
	}
	id := strings.TrimSpace(args[1])
	if !isTransactionID(id) {
		return usageError("%q is not a transaction id: those are letters, digits, - and _, such as OTI1ODMyMTcxNWRtb3JlZ3h6", sanitize.Line(args[1]))
	}
	format, err := api.ParseFormat(f.format)
	if err != nil {
		return usageError("--format: %v", err)
	}
	dest, err := chooseDestination(f.output, f.dir, env)
	if err != nil {
		return err
	}

	reg, err := openWithKey(env)
	if err != nil {
		return err
	}
	defer reg.close()

	about := fmt.Sprintf("filing %s of company %s", id, number)
	filing, err := reg.client.Filing(ctx, api.FilingPath(number, id))
	switch {
	case errors.Is(err, api.ErrNotFound):
		return &exitError{code: exitNotFound, msg: fmt.Sprintf(
			"company %s has no filing %s (404): check the number and the transaction id; coview --json --follow filings %s lists them",
			number, id, number)}
	case err != nil:
		return withHint(err)
	}
	if filing.Links.DocumentMetadata == "" {
		return &exitError{code: exitNotFound, msg: about + " has no document: the registry holds none for it (paper-filed and older filings often have none)"}
	}
	meta, err := reg.docs.Metadata(ctx, filing.Links.DocumentMetadata)
	if errors.Is(err, api.ErrNotFound) {
		return &exitError{code: exitNotFound, msg: about + ": the document API has no document at its link (404)"}
	}
	if err != nil {
		return documentError(about, err)
	}

	if len(meta.Resources) > 0 && !meta.Has(format) {
		return &exitError{code: exitNotFound, msg: fmt.Sprintf("%s has no %s document; it comes as %s", about, api.FormatName(format), formatChoices(meta))}
	}

	progress, done := func(api.Progress) {}, func() {}
	if isTerminal(env.Stderr) {
		progress, done = progressLine(env.Stderr)
	}
	defer done()
	if dest.stdout {
		_, err := reg.docs.Download(ctx, meta, format, env.Stdout, progress)
		return documentError(about, err)
	}
	fill := func(w io.Writer) error {
		_, err := reg.docs.Download(ctx, meta, format, w, progress)
		return err
	}
	var path string
	if dest.file != "" {
		path, err = save.As(dest.file, fill)
	} else {
		path, err = save.Into(dest.dir, present.DocumentFileName(number, filing, format), fill)
	}
	if errors.Is(err, fs.ErrExist) {
		return existsError(dest.file)
	}
	if err != nil {
		return documentError(about, err)
	}
	done()
	size := ""
	if fi, err := os.Stat(path); err == nil {
		size = api.ByteSize(fi.Size()) + " "
	}
	fmt.Fprintf(env.Stderr, "coview: saved %sto %s\n", size, sanitize.Line(path))
	return nil
}

// formatChoices are a document's formats in words, each with the
// --format that asks for it where there is one.
func formatChoices(meta *api.DocumentMetadata) string {
	flags := map[string]string{api.FormatPDF: " (--format pdf)", api.FormatXHTML: " (--format xhtml)"}
	var out []string
	for _, f := range meta.Formats() {
		out = append(out, api.FormatName(f)+flags[f])
	}
	return strings.Join(out, ", ")
}

// documentError is a failure to fetch or save a document, saying which
// filing's, with the exit code of its kind (4 for a format it does not
// come in).
func documentError(about string, err error) error {
	if err == nil {
		return nil
	}
	msg := about + ": " + err.Error()
	if hint := authHint(err); hint != "" {
		msg += "\n" + hint
	}
	return &exitError{code: exitCode(err), msg: msg}
}

// progressLine shows a download's progress on one line of a terminal,
// rewritten in place, and clears it when done. It writes only coview's
// own words and numbers.
func progressLine(w io.Writer) (func(api.Progress), func()) {
	shown := false
	show := func(p api.Progress) {
		shown = true
		if p.Total > 0 {
			fmt.Fprintf(w, "\r\x1b[Kcoview: downloading %s of %s (%d%%)", api.ByteSize(p.Done), api.ByteSize(p.Total), int(p.Fraction()*100))
			return
		}
		fmt.Fprintf(w, "\r\x1b[Kcoview: downloading %s", api.ByteSize(p.Done))
	}
	clear := func() {
		if shown {
			io.WriteString(w, "\r\x1b[K")
			shown = false
		}
	}
	return show, clear
}
