package demo

import (
	"math"
	"strings"
	"time"
)

// The demo's accounts. Every demo company that files accounts
// electronically has a plan: how its business went year by year, from
// which its accounts are worked out (the profit and loss account, then
// the balance sheet, which balances) and written as inline XBRL. The
// stories are the red flags' test cases: 00006402's net assets fall by
// more than half before it is dissolved, 00006403 and SC006405 owe more
// than they own, 00006407's creditors due within a year exceed its
// current assets, and the Gooseberry Fool holding company and the PLC
// file group accounts. 00006409 (a CIC) and FC006406 file on paper.

// layout is the kind of accounts a document is.
type layout int

const (
	layoutMicro    layout = iota + 1 // FRS 105: a balance sheet of totals
	layoutFilleted                   // small, without the profit and loss account (and UK GAAP's abbreviated accounts)
	layoutSmall                      // FRS 102 small, with it
	layoutFull                       // FRS 102 full
	layoutGroup                      // FRS 102 group: the group's figures and the parent company's
	layoutIFRS                       // IFRS group accounts, in £m
)

// plan is how a company's accounts are made up year after year; a year
// is the year of the date the accounts are made up to.
type plan struct {
	layout         layout
	first, from    int   // its first accounts; the first filed as iXBRL
	openingReserve int64 // the profit and loss reserve before its first accounts
	shareCapital   int64
	thousands      bool // in £000 (scale 3)
	llp            bool // members' interests, no share capital, no tax
	taxCredits     bool // a loss brings a tax credit
	drive          func(y int) drivers
	parent         func(y int) parentYear // for group accounts, the parent company's own
}

// drivers are how one year went.
type drivers struct {
	turnover                            int64
	grossMargin, operatingMargin        int // per cent of turnover
	interest                            int64
	intangible, tangible, investments   int64
	stockDays, debtorDays, creditorDays int
	creditorsAfter, provisions          int64
	dividendShare                       int // per cent of a profit paid out
	employees                           int64
}

// parentYear is a parent company's own balance sheet.
type parentYear struct {
	investments, debtors, cash, creditorsWithin, employees int64
}

// accountsYear is one year's accounts, in pounds.
type accountsYear struct {
	turnover, costOfSales, grossProfit, adminExpenses, operatingProfit, interest, profitBeforeTax, tax, profit int64
	employees                                                                                                  int64
	intangible, tangible, investments, fixedAssets                                                             int64
	stock, debtors, cash, currentAssets, creditorsWithin, netCurrentAssets, totalAssetsLessCurrentLiabilities  int64
	creditorsAfter, provisions, netAssets, shareCapital, reserve, equity                                       int64
}

// grow is base grown by rate per cent a year for n years, to the pound.
func grow(base int64, rate float64, n int) int64 {
	return int64(math.Round(float64(base) * math.Pow(1+rate/100, float64(n))))
}

// year works out a year's accounts: the profit and loss reserve carried
// from the company's first year, then a balance sheet that balances,
// cash (or, when cash would run out, creditors) taking up the difference.
func (p *plan) year(y int) accountsYear {
	reserve := p.openingReserve
	var a accountsYear
	for yy := p.first; yy <= y; yy++ {
		a = p.profitAndLoss(yy)
		d := p.drive(yy)
		paid := int64(0)
		if a.profit > 0 {
			paid = a.profit * int64(d.dividendShare) / 100
		}
		reserve += a.profit - paid
	}
	d := p.drive(y)
	a.reserve, a.shareCapital = reserve, p.shareCapital
	a.equity = a.shareCapital + a.reserve
	a.netAssets = a.equity
	a.intangible, a.tangible, a.investments = d.intangible, d.tangible, d.investments
	a.fixedAssets = a.intangible + a.tangible + a.investments
	a.creditorsAfter, a.provisions = d.creditorsAfter, d.provisions
	a.totalAssetsLessCurrentLiabilities = a.netAssets + a.creditorsAfter + a.provisions
	a.netCurrentAssets = a.totalAssetsLessCurrentLiabilities - a.fixedAssets
	a.stock = d.turnover * int64(d.stockDays) / 365
	a.debtors = d.turnover * int64(d.debtorDays) / 365
	a.creditorsWithin = d.turnover * int64(d.creditorDays) / 365
	a.cash = a.netCurrentAssets + a.creditorsWithin - a.stock - a.debtors
	if least := max(d.turnover/100, 250); a.cash < least {
		a.cash = least
		a.creditorsWithin = a.stock + a.debtors + a.cash - a.netCurrentAssets
	}
	a.currentAssets = a.stock + a.debtors + a.cash
	return a
}

// profitAndLoss is a year's profit and loss account.
func (p *plan) profitAndLoss(y int) accountsYear {
	d := p.drive(y)
	var a accountsYear
	a.turnover, a.employees = d.turnover, d.employees
	a.grossProfit = d.turnover * int64(d.grossMargin) / 100
	a.costOfSales = a.turnover - a.grossProfit
	a.operatingProfit = d.turnover * int64(d.operatingMargin) / 100
	a.adminExpenses = a.grossProfit - a.operatingProfit
	a.interest = d.interest
	a.profitBeforeTax = a.operatingProfit - a.interest
	rate := int64(19)
	if y >= 2024 {
		rate = 25
	}
	switch {
	case p.llp:
	case a.profitBeforeTax > 0:
		a.tax = a.profitBeforeTax * rate / 100
	case p.taxCredits:
		a.tax = a.profitBeforeTax * 19 / 100 // negative: a credit
	}
	a.profit = a.profitBeforeTax - a.tax
	return a
}

// parentAccounts is a parent company's own balance sheet for a year: its
// net assets are what it owns less what it owes.
func (p *plan) parentAccounts(y int) accountsYear {
	o := p.parent(y)
	var a accountsYear
	a.employees = o.employees
	a.investments, a.fixedAssets = o.investments, o.investments
	a.debtors, a.cash = o.debtors, o.cash
	a.currentAssets = a.debtors + a.cash
	a.creditorsWithin = o.creditorsWithin
	a.netCurrentAssets = a.currentAssets - a.creditorsWithin
	a.totalAssetsLessCurrentLiabilities = a.fixedAssets + a.netCurrentAssets
	a.netAssets = a.totalAssetsLessCurrentLiabilities
	a.shareCapital = p.shareCapital
	a.reserve = a.netAssets - a.shareCapital
	a.equity = a.netAssets
	return a
}

// planOf is the plan of a company that files accounts electronically,
// nil for any other.
func planOf(number string) *plan {
	switch number {
	case "00006400":
		return marzipanMountain()
	case "00006401":
		return grandUnifiedTeapot()
	case "00006402":
		return snoozewellHammocks()
	case "00006403":
		return wonkyWheelbarrow()
	case "00006407":
		return grumblePlumbing()
	case "00006411":
		return gooseberryHoldings()
	case "00006412":
		return gooseberryDairies()
	case "00006413":
		return gooseberryLogistics()
	case "OC006404":
		return fiddlesticksLLP()
	case "SC006405":
		return cloudberryDistillers()
	case "SC006414":
		return sprockettsTablet()
	case LivingFirst:
		return ticktockTeaRooms()
	}
	return nil
}

// filedAsIXBRL says whether a filing's document also comes as inline
// XBRL: annual accounts, made up to a year from the company's plan's
// first electronic one.
func filedAsIXBRL(number, description, madeUp string) bool {
	p := planOf(number)
	if p == nil || !strings.HasPrefix(description, "accounts-with-") {
		return false
	}
	d, err := time.Parse(time.DateOnly, madeUp)
	return err == nil && d.Year() >= p.from
}
