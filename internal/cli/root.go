package cli

import (
	"context"
	"errors"

	"github.com/spf13/cobra"

	"coview/api"
	"coview/keystore"
	"coview/register"
	"coview/ui"
)

const rootLong = `Browse the UK's company registry (Companies House) in a terminal: a company by number or
name, its officers, filings, owners, charges and the companies around it, a key away; with
--json or --plain, one answer for a script. coview help environment, coview help exit-codes.`

const rootExample = `
# open the browser, or open it on a company (a NUMBER in any pasted form: sc 123456,
# 6400, "Company No. 01234567"); flags may come anywhere on the line
coview
coview 00006400
# print a company's five panes as text, or each profile's JSON as received
coview --plain 00006400
coview --json 00006400 SC006405
# print the rows of one LINK of the profile (officers, filing_history, charges... or
# psc, filings, statements), or every page of it as JSON Lines
coview --plain --follow officers 00006400
coview --json --all --follow filings 00006401
# only the filings in some categories, asked of the registry
coview --plain --follow filings --category accounts,officers 00006401
# numbers from stdin (-), one or more per line, in any pasted form
pbpaste | coview --json -
# find companies and officers by name, or companies by what they are
coview search marzipan mountain
coview search --status active --sic 62020 --location leeds
# find disqualified officers, and print one's record
coview search --disqualified grimthorpe
coview disqualified natural/GrImThOrPe0x1b0DeAdBeEf42
# the companies and people around a company
coview connections 00006412
# screen a list of numbers and names: one row each, with red flags
pbpaste | coview screen -
# save a filing's document (its transaction id is on the filing's page)
coview document 00006400 OTI1ODMyMTcxNWRtb3JlZ3h6
# the figures inside a company's last accounts, a column a year
coview accounts 00006400
# watch companies, and ask what changed (nothing printed when nothing did)
coview watch add 00006400 SC006405
coview watch check
# answer from the register's index on this machine (coview index update): no request
coview --offline search --sic 62020 --status active --postcode LS
coview --offline 00006400
# the demo registry: no key, no network
coview --demo 00006400
`

// environmentHelp is "coview help environment".
const environmentHelp = `Environment variables coview reads:

  COVIEW_API_KEY       the API key (overrides the keyring)
  COVIEW_BASE_URL      the registry (default ` + api.DefaultBaseURL + `)
  COVIEW_DOCUMENT_URL  its document API, for filings' documents
                       (default ` + api.DefaultDocumentURL + `)
  COVIEW_STREAM_KEY    the streaming key (overrides the keyring; coview stream)
  COVIEW_STREAM_URL    the streaming API (default https://stream.companieshouse.gov.uk)
  COVIEW_CONFIG        the settings file (default $XDG_CONFIG_HOME/coview/config.yaml;
                       see coview config)
  COVIEW_THEME         auto, light or dark: the browser's colours for the terminal's
                       background (auto asks the terminal)
  COVIEW_DEMO_NOW      the demo registry's time, as RFC 3339 writes it, running on from
                       there: to step through the watch list's changes
  NO_COLOR             no colours in the browser
  XDG_STATE_HOME       where recent companies are kept (coview/recent)
  XDG_DATA_HOME        where the watch list is kept (coview/watch.db)
  XDG_CONFIG_HOME      where the settings are kept (coview/config.yaml), and a key only
                       after auth login --insecure-storage
  XDG_DOWNLOAD_DIR     where the browser saves documents (else ~/Downloads, else the
                       current directory), unless the settings say
  DISPLAY, WAYLAND_DISPLAY  without one, the browser opens no viewer or web browser and
                       says where things are instead`

// exitCodesHelp is "coview help exit-codes".
const exitCodesHelp = `Exit codes:

  0    success
  1    other failure (network, server, unreadable response)
  2    usage error or invalid company number
  3    authentication: no key, or the key was rejected
  4    company not found, no such link to follow, nothing matches a search, no such
       filing or document (coview document), no such record of a disqualified officer
       (coview disqualified), a company given to watch changes or watch remove that is
       not watched, or no accounts filed electronically (coview accounts)
  5    coview screen: some rows were not screened (the budget, the quota or a
       failure; each says why)
  6    coview index update: the file is not the register's, or is damaged (the
       index in use is unchanged)
  7    coview index update: another update of the index is running (--wait waits)
  8    --offline or --postcode with no index of the register on this machine, or
       --offline asked what the register's file does not hold (dissolved
       companies, officers, filings, links to follow)
  129  hung up (SIGHUP); 130: interrupted (SIGINT); 143: terminated (SIGTERM)`

// newHelpTopics are "coview help environment" and "coview help exit-codes":
// what the root's help would otherwise open with.
func newHelpTopics() []*cobra.Command {
	return []*cobra.Command{
		{Use: "environment", Short: "The environment variables coview reads", Long: environmentHelp},
		{Use: "exit-codes", Short: "Exit codes, and what each means", Long: exitCodesHelp},
	}
}

// lookupFlags are the root command's own flags.
type lookupFlags struct {
	json, plain bool
	follow      string
	all         bool
	category    string
}

// newRootCommand is coview itself, without its sub-commands (newProgram
// adds them): the browser, or one-shot lookups.
func newRootCommand(env Env) *cobra.Command {
	var f lookupFlags
	cmd := &cobra.Command{
		Use:     "coview [NUMBER...]",
		Short:   "Browse the public company registry in a terminal",
		Long:    rootLong,
		Example: rootExample,
		Args:    cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runLookup(cmd, args, &f, env)
		},
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.BoolVar(&f.json, "json", false, "print each profile's JSON exactly as received (one per line when several)")
	fs.BoolVar(&f.plain, "plain", false, "print the five panes as plain text")
	fs.StringVar(&f.follow, "follow", "", "print this LINK of the profile instead: its rows, or with --json its JSON")
	fs.BoolVar(&f.all, "all", false, "with --follow on a list, print every page, not only the first")
	fs.StringVar(&f.category, "category", "", "with --follow filings, only the filings in these categories, asked of the registry (a comma `LIST`: accounts,officers)")
	cmd.RegisterFlagCompletionFunc("follow", completeLinks)
	cmd.RegisterFlagCompletionFunc("category", completeCategories)
	return cmd
}

func runLookup(cmd *cobra.Command, args []string, f *lookupFlags, env Env) error {
	ctx := cmd.Context()
	// What is wrong in the settings is shown by the browser, whose screen
	// would hide stderr; said here when it does not start after all.
	defer env.settingsFor(cmd).warn(env)
	following := cmd.Flags().Changed("follow")
	if f.json && f.plain {
		return usageError("--json and --plain cannot be used together")
	}
	if f.all && !following {
		return usageError("--all prints every page of a list: use it with --follow")
	}
	categories, err := filingCategories(cmd.Flags().Changed("category"), f.category, following, f.follow)
	if err != nil {
		return err
	}
	items, fromStdin, err := readNumbers(args, env)
	if err != nil {
		return err
	}
	numbers := numbersOf(items)
	terminal := isTerminal(env.Stdout) && isTerminal(env.Stdin)
	out := toBrowser
	switch {
	case f.json:
		out = asJSON
	case f.plain || following || (len(items) > 0 && !terminal):
		out = asPlain
	}
	if out != toBrowser {
		env.settingsFor(cmd).warn(env)
	}
	switch {
	case out == asJSON && len(items) == 0:
		return noNumberError("--json", fromStdin)
	case out == asPlain && len(items) == 0:
		return noNumberError("--plain", fromStdin)
	case following && len(items) == 1 && items[0].Number == "":
		return notANumber(items[0].Ignored, true)
	case following && len(items) != 1:
		return usageError("--follow takes exactly one company number")
	case out == toBrowser && !isTerminal(env.Stdin):
		return usageError("the browser needs a terminal, and stdin is not one; to read numbers from stdin, give - (echo 6400 | coview --json -)")
	case out == toBrowser && !terminal:
		return usageError("the browser needs a terminal; give a number with --plain or --json to print instead")
	}
	if out == toBrowser {
		// The browser opens on numbers only: what is no number is said,
		// and nothing opens, as with any other mistake on the line.
		for _, it := range items {
			if it.Number == "" {
				return notANumber(it.Ignored, true)
			}
		}
	}

	// The browser searches the register's index on this machine, when
	// there is one; offline, it and one-shots read companies from it.
	var ix *register.Index
	if out == toBrowser || env.registry.offline {
		var lean []register.OpenOption
		if out == toBrowser {
			lean = append(lean, register.Lean()) // kept open for hours, within the browser's memory budget
		}
		if ix, err = localIndex(ctx, env, lean...); err != nil {
			return err
		}
		if ix != nil {
			defer ix.Close()
		}
	}
	if env.registry.offline {
		if following {
			return &exitError{code: exitOffline, msg: "--follow: the register's file holds no links to follow, only what the register says of each company: leave --offline out"}
		}
		if out != toBrowser {
			return lookupHere(ctx, ix, items, out, env)
		}
		reg, err := env.registry.unasked(env)
		if err != nil {
			return err
		}
		return runBrowser(ctx, cmd, browsing{reg: reg, ix: ix, numbers: numbers, keys: keys{reg: reg, env: env}}, env)
	}

	reg, err := env.registry.open(env)
	if err != nil {
		return err
	}
	defer reg.close()
	k := keys{reg: reg, env: env}
	key, keyErr := k.find()
	if keyErr != nil && !errors.Is(keyErr, keystore.ErrNoKey) {
		return &exitError{code: exitAuth, msg: keyErr.Error()}
	}
	reg.client.SetKey(key.Value)

	if out == toBrowser {
		return runBrowser(ctx, cmd, browsing{reg: reg, ix: ix, numbers: numbers, keys: k, needKey: keyErr != nil}, env)
	}
	if keyErr != nil {
		return keys{reg: reg, env: env}.noKey()
	}
	oneShot(reg.client, env)
	if following {
		return follow(ctx, reg.client, numbers[0], f.follow, categories, f.all, out, env)
	}
	return lookupAll(ctx, reg.client, items, out, env)
}

// browsing is what the browser opens with.
type browsing struct {
	reg     *registry
	ix      *register.Index // the register's index on this machine, or nil
	numbers []api.Number
	keys    keys
	needKey bool
}

// runBrowser runs the browser until it quits.
func runBrowser(ctx context.Context, cmd *cobra.Command, b browsing, env Env) error {
	st := env.settingsFor(cmd)
	set := st.s
	openFile, openURL := openers(env.Getenv)
	openWatch, closeWatch := browserWatch(env, b.reg)
	defer closeWatch()
	limitBrowserMemory(env.Getenv)
	opts := ui.Options{
		Registry:    b.reg.client,
		Numbers:     b.numbers,
		NeedKey:     b.needKey,
		SaveKey:     b.keys.saveForBrowser,
		KeyHost:     b.reg.client.Host(),
		KeyKept:     b.keys.kept(),
		Version:     programVersion(),
		DownloadDir: func() string { return downloadDir(set, env) },
		Settings:    ui.Settings{Theme: set.Theme, Keys: set.Keys, Layout: layoutOf(set), Problems: st.forBrowser()},
		OpenFile:    openFile,
		OpenURL:     openURL,
		WebURL:      b.reg.client.WebURL,
		Demo:        b.reg.demo,
		Now:         b.reg.now,
		Local:       ui.Local{Index: b.ix, Offline: env.registry.offline},
	}
	if b.reg.docs != nil {
		opts.Documents = b.reg.docs
	}
	if !env.registry.offline {
		// A watch list's checks ask the registry, and the live page its
		// streams: offline, there is neither.
		opts.Watch = openWatch
		opts.Live = browserLive(cmd, env, b.reg)
	}
	return ui.Run(ctx, opts)
}
