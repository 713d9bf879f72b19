package watch

import (
	"context"
	"slices"

	"coview/accounts"
	"coview/api"
	"coview/figures"
)

// readFigures is the read of new accounts' figures: after the rest, as
// they cost two requests a document.
const readFigures = "figures"

// newAccounts is an accounts filing a check found new, whose figures it
// reads: its document's metadata and content.
type newAccounts struct {
	TransactionID string `json:"transaction_id"`
	Date          string `json:"date"`
	Metadata      string `json:"document_metadata"`
}

// noteAccounts keeps new annual accounts that have a document for their
// figures to be read, when the watcher has a document API.
func (w *Watcher) noteAccounts(wk *work, f api.FilingItem) {
	if w.accounts == nil || !accounts.IsAnnual(f) || f.Links.DocumentMetadata == "" {
		return
	}
	if slices.ContainsFunc(wk.Accounts, func(a newAccounts) bool { return a.TransactionID == f.TransactionID }) {
		return
	}
	wk.Accounts = append(wk.Accounts, newAccounts{TransactionID: f.TransactionID, Date: f.Date, Metadata: f.Links.DocumentMetadata})
	wk.then(readFigures)
}

// figuresOf reads the figures of each new accounts filing the work holds,
// in the check's budget, and says what they show against the year
// before: each red flag they raise, else the net assets. A filing done
// leaves the work, so that a check cut short goes on with the next one;
// accounts without figures (on paper, or a document that could not be
// had or read) say nothing more than their filing did.
func (w *Watcher) figuresOf(ctx context.Context, v *visit, wk *work) ([]Change, error) {
	var changes []Change
	gate := func(ctx context.Context, send func() error) error { return v.request(ctx, send) }
	for len(wk.Accounts) > 0 {
		a := wk.Accounts[0]
		f := api.FilingItem{TransactionID: a.TransactionID, Date: a.Date}
		f.Links.DocumentMetadata = a.Metadata
		fa, err := w.accounts.Filing(ctx, f, gate)
		if err != nil {
			return changes, err
		}
		changes = append(changes, figureChanges(accounts.LatestOf(fa), a, wk.When)...)
		wk.Accounts = wk.Accounts[1:]
	}
	return changes, nil
}

// figureChanges are what new accounts show: a change for each red flag
// of their figures, or, with none, one giving their net assets.
func figureChanges(l *accounts.Latest, a newAccounts, when string) []Change {
	if l.Year == nil {
		return nil
	}
	base := Change{Date: orDate(a.Date, when), TransactionID: a.TransactionID, Category: "accounts"}
	var out []Change
	for _, s := range l.Signs() {
		c := base
		c.After, c.Field = amount(s.To)
		switch s.Kind {
		case accounts.NetAssetsFell:
			c.Kind = KindNetAssetsFell
			c.Before, _ = amount(s.From)
		case accounts.NegativeNetAssets:
			c.Kind = KindNegativeNetAssets
		default:
			c.Kind = KindNetCurrentLiabilities
		}
		out = append(out, c)
	}
	if len(out) > 0 {
		return out
	}
	c := base
	c.Kind = KindAccountsFigures
	if na, _, ok := l.Figure(figures.NetAssets); ok {
		c.After, c.Field = amount(na)
	}
	return append(out, c)
}

// amount is a figure as a change keeps it: its value as digits, and its
// unit when not pounds.
func amount(f figures.Figure) (value, unit string) {
	if f.Unit != "GBP" {
		unit = f.Unit
	}
	return f.Value.String(), unit
}
