package demo

import (
	"fmt"
	"time"
)

// era is how accounts made up in a year were written: the taxonomy, its
// prefixes (software chose them, and changed them), the Inline XBRL and
// Transformation Registry versions, and how contexts were named.
type era struct {
	gaap                  bool // UK GAAP 2009, before FRS 102
	ix                    string
	core, bus, ifrs       string // namespaces
	corePrefix, busPrefix string
	schema                string
	tr, trPrefix          string
	number, zero          string // the formats of a number and of a dash for zero
	dateFormat            string // of a date in words, for UK GAAP's balance sheet date
	ids                   int    // 0: UK GAAP's cfwd_31_03_2015, 1: c1, c2..., 2: FY25, BS25-W
	currentNonCurrent     bool   // creditors by the current/non-current dimension, as some software tags them
}

const (
	ix10 = "http://www.xbrl.org/2008/inlineXBRL"
	ix11 = "http://www.xbrl.org/2013/inlineXBRL"
)

// eraOf is the era of accounts made up in year y.
func eraOf(y int, l layout) era {
	frc := func(version string) (string, string) {
		return "http://xbrl.frc.org.uk/fr/" + version + "/core", "http://xbrl.frc.org.uk/cd/" + version + "/business"
	}
	standard := "FRS-102"
	if l == layoutMicro {
		standard = "FRS-105"
	}
	var e era
	switch {
	case y <= 2015:
		e = era{gaap: true, ix: ix10, core: "http://www.xbrl.org/uk/gaap/core/2009-09-01", bus: "http://www.xbrl.org/uk/cd/business/2009-09-01",
			corePrefix: "ns5", busPrefix: "ns11", schema: "http://www.xbrl.org/uk/gaap/core/2009-09-01/uk-gaap-full-2009-09-01.xsd",
			tr: "http://www.xbrl.org/inlineXBRL/transformation/2010-04-20", trPrefix: "ixt", number: "numcommadot", zero: "numdash", dateFormat: "datelonguk"}
		return e
	case y <= 2020:
		version := "2014-09-01"
		if y >= 2019 {
			version = "2019-01-01"
		}
		e = era{ix: ix10, corePrefix: "uk-core", busPrefix: "uk-bus", tr: "http://www.xbrl.org/inlineXBRL/transformation/2011-07-31",
			trPrefix: "ixt2", number: "numdotdecimal", zero: "zerodash", ids: 1, currentNonCurrent: true}
		if y >= 2019 {
			e.ix = ix11
		}
		e.core, e.bus = frc(version)
		e.schema = "https://xbrl.frc.org.uk/" + standard + "/" + version + "/" + standard + "-" + version + ".xsd"
		e.ifrs = "http://xbrl.ifrs.org/taxonomy/2019-03-27/ifrs-full"
		return e
	}
	version, ifrs, prefix := "2021-01-01", "2021-03-24", "frs-core"
	if y >= 2023 {
		version, ifrs, prefix = "2023-01-01", "2023-03-23", "core"
	}
	e = era{ix: ix11, corePrefix: prefix, busPrefix: "bus", tr: "http://www.xbrl.org/inlineXBRL/transformation/2020-02-12",
		trPrefix: "ixt", number: "num-dot-decimal", zero: "fixed-zero", ids: 2}
	e.core, e.bus = frc(version)
	e.schema = "https://xbrl.frc.org.uk/" + standard + "/" + version + "/" + standard + "-" + version + ".xsd"
	e.ifrs = "http://xbrl.ifrs.org/taxonomy/" + ifrs + "/ifrs-full"
	if l == layoutIFRS {
		e.schema = "https://xbrl.frc.org.uk/ukifrs/" + version + "/UKIFRS-" + version + ".xsd"
	}
	return e
}

// line is a line of a statement: what it says, the figure it is (the
// keys coview's figures give it, none for a line they do not read), and
// its concept in each family.
type line struct {
	label             string
	figures           []string
	value             func(a *accountsYear) int64
	core, gaap, ifrs  string
	coreDims          string // "within", "after", "sc", "re"
	overPeriod, count bool
	brackets          bool // a cost or a liability: shown in brackets, tagged as it is
}

func ln(label string, value func(a *accountsYear) int64, core, gaap, ifrs string, figures ...string) line {
	return line{label: label, value: value, core: core, gaap: gaap, ifrs: ifrs, figures: figures}
}

// profitAndLoss are the lines of a profit and loss account.
func profitAndLoss() []line {
	lines := []line{
		ln("Turnover", func(a *accountsYear) int64 { return a.turnover }, "TurnoverRevenue", "TurnoverGrossOperatingRevenue", "Revenue", "turnover"),
		ln("Cost of sales", func(a *accountsYear) int64 { return a.costOfSales }, "CostSales", "CostSales", "CostOfSales"),
		ln("Gross profit", func(a *accountsYear) int64 { return a.grossProfit }, "GrossProfitLoss", "GrossProfitLoss", "GrossProfit", "gross_profit"),
		ln("Administrative expenses", func(a *accountsYear) int64 { return a.adminExpenses }, "AdministrativeExpenses", "AdministrativeExpenses", "AdministrativeExpense"),
		ln("Operating profit", func(a *accountsYear) int64 { return a.operatingProfit }, "OperatingProfitLoss", "OperatingProfitLoss", "ProfitLossFromOperatingActivities", "operating_profit"),
		ln("Interest payable", func(a *accountsYear) int64 { return a.interest }, "InterestPayableSimilarChargesFinanceCosts", "InterestPayableSimilarCharges", "FinanceCosts"),
		ln("Profit before taxation", func(a *accountsYear) int64 { return a.profitBeforeTax }, "ProfitLossOnOrdinaryActivitiesBeforeTax", "ProfitLossOnOrdinaryActivitiesBeforeTax", "ProfitLossBeforeTax", "profit_before_tax"),
		ln("Tax on profit", func(a *accountsYear) int64 { return a.tax }, "TaxTaxCreditOnProfitOrLossOnOrdinaryActivities", "TaxOnProfitOrLossOnOrdinaryActivities", "IncomeTaxExpenseContinuingOperations", "tax"),
		ln("Profit for the financial year", func(a *accountsYear) int64 { return a.profit }, "ProfitLoss", "ProfitLossForPeriod", "ProfitLoss", "profit_for_the_year"),
	}
	for i := range lines {
		lines[i].overPeriod = true
	}
	for _, i := range []int{1, 3, 5} {
		lines[i].brackets = true
	}
	return lines
}

// balanceSheet are the lines of a balance sheet of a layout.
func balanceSheet(l layout, llp bool) []line {
	fixed := ln("Fixed assets", func(a *accountsYear) int64 { return a.fixedAssets }, "FixedAssets", "FixedAssets", "NoncurrentAssets", "fixed_assets")
	current := ln("Current assets", func(a *accountsYear) int64 { return a.currentAssets }, "CurrentAssets", "CurrentAssets", "CurrentAssets", "current_assets")
	within := ln("Creditors: amounts falling due within one year", func(a *accountsYear) int64 { return a.creditorsWithin }, "Creditors", "CreditorsDueWithinOneYear", "CurrentLiabilities", "creditors_due_within_one_year")
	within.coreDims, within.brackets = "within", true
	nca := ln("Net current assets (liabilities)", func(a *accountsYear) int64 { return a.netCurrentAssets }, "NetCurrentAssetsLiabilities", "NetCurrentAssetsLiabilities", "", "net_current_assets")
	talcl := ln("Total assets less current liabilities", func(a *accountsYear) int64 { return a.totalAssetsLessCurrentLiabilities }, "TotalAssetsLessCurrentLiabilities", "TotalAssetsLessCurrentLiabilities", "", "total_assets_less_current_liabilities")
	after := ln("Creditors: amounts falling due after more than one year", func(a *accountsYear) int64 { return a.creditorsAfter }, "Creditors", "CreditorsDueAfterOneYear", "NoncurrentLiabilities", "creditors_due_after_one_year")
	after.coreDims, after.brackets = "after", true
	provisions := ln("Provisions for liabilities", func(a *accountsYear) int64 { return a.provisions }, "ProvisionsForLiabilitiesBalanceSheetSubtotal", "ProvisionsForLiabilitiesCharges", "", "provisions")
	provisions.brackets = true
	net := ln("Net assets (liabilities)", func(a *accountsYear) int64 { return a.netAssets }, "NetAssetsLiabilities", "NetAssetsLiabilitiesIncludingPensionAssetLiability", "", "net_assets")
	capital := ln("Called up share capital", func(a *accountsYear) int64 { return a.shareCapital }, "Equity", "CalledUpShareCapital", "IssuedCapital", "called_up_share_capital")
	capital.coreDims = "sc"
	reserve := ln("Profit and loss reserves", func(a *accountsYear) int64 { return a.reserve }, "Equity", "ProfitLossAccountReserve", "RetainedEarnings", "profit_and_loss_reserve")
	reserve.coreDims = "re"
	equity := ln("Total equity", func(a *accountsYear) int64 { return a.equity }, "Equity", "ShareholderFunds", "Equity", "shareholders_funds")
	switch l {
	case layoutMicro:
		equity.label = "Capital and reserves"
		return []line{fixed, current, within, nca, talcl, after, provisions, net, equity}
	case layoutIFRS:
		equity.figures = []string{"net_assets", "shareholders_funds"}
		return []line{
			ln("Property, plant and equipment", func(a *accountsYear) int64 { return a.tangible }, "", "", "PropertyPlantAndEquipment", "tangible_fixed_assets"),
			ln("Intangible assets", func(a *accountsYear) int64 { return a.intangible }, "", "", "IntangibleAssetsOtherThanGoodwill", "intangible_fixed_assets"),
			ln("Investments in subsidiaries", func(a *accountsYear) int64 { return a.investments }, "", "", "InvestmentsInSubsidiaries"),
			fixed,
			ln("Inventories", func(a *accountsYear) int64 { return a.stock }, "", "", "Inventories", "stock"),
			ln("Trade and other receivables", func(a *accountsYear) int64 { return a.debtors }, "", "", "TradeAndOtherCurrentReceivables", "debtors"),
			ln("Cash and cash equivalents", func(a *accountsYear) int64 { return a.cash }, "", "", "CashAndCashEquivalents", "cash"),
			current, within, after, capital, reserve, equity}
	}
	lines := []line{
		ln("Intangible assets", func(a *accountsYear) int64 { return a.intangible }, "IntangibleAssets", "IntangibleFixedAssets", "", "intangible_fixed_assets"),
		ln("Tangible assets", func(a *accountsYear) int64 { return a.tangible }, "PropertyPlantEquipment", "TangibleFixedAssets", "", "tangible_fixed_assets"),
		ln("Investments", func(a *accountsYear) int64 { return a.investments }, "InvestmentsFixedAssets", "InvestmentsFixedAssets", ""),
		fixed,
		ln("Stocks", func(a *accountsYear) int64 { return a.stock }, "TotalInventories", "StocksInventory", "", "stock"),
		ln("Debtors", func(a *accountsYear) int64 { return a.debtors }, "Debtors", "Debtors", "", "debtors"),
		ln("Cash at bank and in hand", func(a *accountsYear) int64 { return a.cash }, "CashBankOnHand", "CashBankInHand", "", "cash"),
		current, within, nca, talcl, after, provisions, net}
	if llp {
		equity.label = "Members' other interests"
		return append(lines, equity)
	}
	return append(lines, capital, reserve, equity)
}

// employees is the note of the average number employed.
func employees() line {
	l := ln("Average number of employees", func(a *accountsYear) int64 { return a.employees },
		"AverageNumberEmployeesDuringPeriod", "AverageNumberEmployeesDuringPeriod", "", "average_employees")
	l.overPeriod, l.count = true, true
	return l
}

// concept is a line's concept in an era, "" when its family has none.
func (l line) concept(e era, ifrs bool) string {
	switch {
	case ifrs && l.ifrs != "":
		return "ifrs-full:" + l.ifrs
	case ifrs && !l.count:
		return ""
	case e.gaap:
		if l.gaap == "" {
			return ""
		}
		return e.corePrefix + ":" + l.gaap
	case l.core == "":
		return ""
	}
	return e.corePrefix + ":" + l.core
}

// yearEnd is the year's balance sheet date on the company's accounting
// reference date: the last day of the month when end is one (the 28th
// or 29th of February), else its day.
func yearEnd(end time.Time, years int) time.Time {
	if end.AddDate(0, 0, 1).Day() == 1 {
		first := time.Date(end.Year()+years, end.Month(), 1, 0, 0, 0, 0, time.UTC)
		return first.AddDate(0, 1, -1)
	}
	return end.AddDate(years, 0, 0)
}

// inWords is a date in words: "31 March 2025".
func inWords(t time.Time) string { return t.Format("2 January 2006") }

func shortYear(t time.Time) string { return fmt.Sprintf("%02d", t.Year()%100) }
