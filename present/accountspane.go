package present

import (
	"coview/accounts"
	"coview/figures"
)

// PaneFigures are the figures the accounts pane shows of the latest
// accounts, in this order.
var PaneFigures = []figures.Name{figures.Turnover, figures.ProfitForTheYear, figures.Cash, figures.NetAssets, figures.AverageEmployees}

// AccountsFigures are the rows the accounts pane adds under its dates
// once the latest accounts are read: their year, and each figure of
// PaneFigures they give, whole, with its change from the year before
// ("£1,569,093 (+17%)"); or why they give none ("filed on paper: no
// figures").
func AccountsFigures(l *accounts.Latest) []Row {
	if l == nil {
		return nil
	}
	if l.Year == nil {
		switch {
		case l.Filed == nil:
			return []Row{{Label: "Figures", Value: "no accounts listed", Tone: Quiet}}
		case l.Filed.Paper:
			return []Row{{Label: "Figures", Value: "filed on paper: no figures", Tone: Quiet}}
		}
		return []Row{{Label: "Figures", Value: "none could be read: " + clean(l.Filed.Why), Tone: Warning}}
	}
	year := "year to " + l.Year.End.Format("2 January 2006")
	if l.Year.Consolidated {
		year += ", the group's"
	}
	rows := []Row{{Label: "Figures", Value: year}}
	for _, n := range PaneFigures {
		f, then, ok := l.Figure(n)
		if !ok {
			continue
		}
		v := Pounds(f)
		if then != nil {
			if c := Change(f.Value, then.Value); c != "" {
				v += " (" + c + ")"
			}
		}
		tone := Normal
		if n == figures.NetAssets && f.Value.Sign() < 0 {
			tone = Warning
		}
		rows = append(rows, Row{Label: n.Label(), Value: v, Tone: tone})
	}
	if len(rows) == 1 {
		rows[0].Value += ": no turnover, profit, cash, net assets or employees given"
	}
	return rows
}
