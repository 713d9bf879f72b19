package figures

import "strings"

// family is a taxonomy's family: every version of the FRC's core
// taxonomy is one family, whatever prefix a document binds it to.
type family int

const (
	famUnknown   family = iota
	famCore             // FRC core: FRS 102, FRS 105, FRS 101 (2014 on)
	famBusiness         // FRC business: names, dates, the dormant flag, group or company
	famCharities        // FRC charities (SORP)
	famGAAP             // UK GAAP 2009 (and its business taxonomy)
	famGAAP2004         // UK GAAP 2004 (pt)
	famIFRS             // IFRS full
	famOther            // the FRC's and others' taxonomies that hold no figures (reports, common, countries, HMRC)
)

// familyOf is the family of a namespace URI.
func familyOf(ns string) family {
	switch {
	case strings.HasPrefix(ns, "http://xbrl.frc.org.uk/fr/") && strings.HasSuffix(ns, "/core"):
		return famCore
	case strings.HasPrefix(ns, "http://xbrl.frc.org.uk/cd/") && strings.HasSuffix(ns, "/business"):
		return famBusiness
	case strings.HasPrefix(ns, "http://xbrl.frc.org.uk/char/"):
		return famCharities
	case strings.HasPrefix(ns, "http://www.xbrl.org/uk/gaap/core/"):
		return famGAAP
	case strings.HasPrefix(ns, "http://www.xbrl.org/uk/cd/business/"):
		return famBusiness
	case strings.HasPrefix(ns, "http://www.xbrl.org/uk/fr/gaap/pt/"):
		return famGAAP2004
	case strings.HasPrefix(ns, "http://xbrl.ifrs.org/taxonomy/") && strings.HasSuffix(ns, "/ifrs-full"):
		return famIFRS
	case strings.HasPrefix(ns, "http://xbrl.frc.org.uk/"), strings.HasPrefix(ns, "http://www.xbrl.org/uk/"),
		strings.HasPrefix(ns, "http://www.hmrc.gov.uk/schemas/"), strings.HasPrefix(ns, "http://xbrl.ifrs.org/"):
		return famOther
	}
	return famUnknown
}

// prefix is the family's usual prefix, for naming a concept the same way
// whatever prefix a document used ("uk-core:NetAssetsLiabilities").
func (f family) prefix() string {
	switch f {
	case famCore:
		return "uk-core"
	case famBusiness:
		return "uk-bus"
	case famCharities:
		return "charities"
	case famGAAP:
		return "uk-gaap"
	case famGAAP2004:
		return "uk-gaap-pt"
	case famIFRS:
		return "ifrs-full"
	}
	return ""
}

// conceptName is a concept as --json names it: the family's prefix and
// the local name, or as tagged for a family coview does not know.
func conceptName(q QName) string {
	if p := familyOf(q.Space).prefix(); p != "" {
		return p + ":" + q.Local
	}
	return q.String()
}

// rule says that a concept, with exactly these dimensions (beside
// company or group), carries a figure. Rules of one tier are the same
// figure under other names, so values that differ contradict each other;
// a later tier is read only when the earlier ones give nothing.
type rule struct {
	name Name
	tier int
	dims []dimension
}

// dimension is a dimension and its member, by local names.
type dimension struct{ dim, member string }

var (
	withinOneYear   = []dimension{{"MaturitiesOrExpirationPeriodsDimension", "WithinOneYear"}}
	afterOneYear    = []dimension{{"MaturitiesOrExpirationPeriodsDimension", "AfterOneYear"}}
	current         = []dimension{{"FinancialInstrumentCurrentNon-currentDimension", "CurrentFinancialInstruments"}}
	nonCurrent      = []dimension{{"FinancialInstrumentCurrentNon-currentDimension", "Non-currentFinancialInstruments"}}
	currentWithin   = []dimension{{"FinancialInstrumentCurrentNon-currentDimension", "CurrentFinancialInstruments"}, {"MaturitiesOrExpirationPeriodsDimension", "WithinOneYear"}}
	nonCurrentAfter = []dimension{{"FinancialInstrumentCurrentNon-currentDimension", "Non-currentFinancialInstruments"}, {"MaturitiesOrExpirationPeriodsDimension", "AfterOneYear"}}
	shareCapital    = []dimension{{"EquityClassesDimension", "ShareCapital"}}
	retained        = []dimension{{"EquityClassesDimension", "RetainedEarningsAccumulatedLosses"}}
)

// one is the rule of a concept that carries one figure undimensioned.
func one(n Name) []rule { return []rule{{name: n}} }

// rulesOf are the figures a concept of a family can carry. Sources: the
// FRC and UK GAAP names the Department for Business and Trade's parser of
// the registry's bulk data reads, IFRS's own names, and real filings (see
// the reference on accounts figures).
func rulesOf(f family, local string) []rule {
	switch f {
	case famCore:
		return coreRules(local)
	case famGAAP, famGAAP2004:
		return gaapRules(local)
	case famIFRS:
		return ifrsRules(local)
	case famCharities:
		switch local {
		case "CharityFunds":
			return one(ShareholdersFunds)
		case "NetIncomeExpenditureBeforeTransfersBetweenFundsOtherRecognisedGainsLosses":
			return one(ProfitForTheYear)
		}
	}
	return nil
}

func coreRules(local string) []rule {
	switch local {
	case "TurnoverRevenue":
		return one(Turnover)
	case "GrossProfitLoss":
		return one(GrossProfit)
	case "OperatingProfitLoss":
		return one(OperatingProfit)
	case "ProfitLossOnOrdinaryActivitiesBeforeTax":
		return one(ProfitBeforeTax)
	case "TaxTaxCreditOnProfitOrLossOnOrdinaryActivities":
		return one(Tax)
	case "ProfitLoss":
		return one(ProfitForTheYear)
	case "AverageNumberEmployeesDuringPeriod":
		return one(AverageEmployees)
	case "FixedAssets":
		return one(FixedAssets)
	case "IntangibleAssets":
		return one(IntangibleFixedAssets)
	case "PropertyPlantEquipment":
		return one(TangibleFixedAssets)
	case "TotalInventories":
		return one(Stock)
	case "Debtors":
		// Some filings tag only debtors due within a year.
		return []rule{{name: Debtors}, {name: Debtors, tier: 1, dims: withinOneYear},
			{name: Debtors, tier: 1, dims: current}, {name: Debtors, tier: 1, dims: currentWithin}}
	case "CashBankOnHand":
		return one(Cash)
	case "CurrentAssets":
		return one(CurrentAssets)
	case "Creditors":
		// The maturity dimension, or the current/non-current one other
		// software uses, or both.
		return []rule{{name: CreditorsWithinOneYear, dims: withinOneYear}, {name: CreditorsWithinOneYear, dims: current},
			{name: CreditorsWithinOneYear, dims: currentWithin}, {name: CreditorsAfterOneYear, dims: afterOneYear},
			{name: CreditorsAfterOneYear, dims: nonCurrent}, {name: CreditorsAfterOneYear, dims: nonCurrentAfter}}
	case "NetCurrentAssetsLiabilities":
		return one(NetCurrentAssets)
	case "TotalAssetsLessCurrentLiabilities":
		return one(TotalAssetsLessCurrentLiabilities)
	case "ProvisionsForLiabilitiesBalanceSheetSubtotal":
		return one(Provisions)
	case "NetAssetsLiabilities":
		return one(NetAssets)
	case "Equity":
		// Undimensioned, total equity; by class, its components.
		return []rule{{name: ShareholdersFunds}, {name: CalledUpShareCapital, dims: shareCapital},
			{name: ProfitAndLossReserve, dims: retained}}
	}
	return nil
}

func gaapRules(local string) []rule {
	switch local {
	case "TurnoverGrossOperatingRevenue":
		return one(Turnover)
	case "GrossProfitLoss":
		return one(GrossProfit)
	case "OperatingProfitLoss":
		return one(OperatingProfit)
	case "ProfitLossOnOrdinaryActivitiesBeforeTax":
		return one(ProfitBeforeTax)
	case "TaxOnProfitOrLossOnOrdinaryActivities":
		return one(Tax)
	case "ProfitLossForPeriod":
		return one(ProfitForTheYear)
	case "AverageNumberEmployeesDuringPeriod", "EmployeesTotal":
		return one(AverageEmployees)
	case "FixedAssets":
		return one(FixedAssets)
	case "IntangibleFixedAssets":
		return one(IntangibleFixedAssets)
	case "TangibleFixedAssets":
		return one(TangibleFixedAssets)
	case "StocksInventory":
		return one(Stock)
	case "Debtors":
		return one(Debtors)
	case "CashBankInHand":
		return one(Cash)
	case "CurrentAssets":
		return one(CurrentAssets)
	case "CreditorsDueWithinOneYear":
		return one(CreditorsWithinOneYear)
	case "NetCurrentAssetsLiabilities":
		return one(NetCurrentAssets)
	case "TotalAssetsLessCurrentLiabilities":
		return one(TotalAssetsLessCurrentLiabilities)
	case "CreditorsDueAfterOneYear":
		return one(CreditorsAfterOneYear)
	case "ProvisionsForLiabilitiesCharges":
		return one(Provisions)
	case "NetAssetsLiabilitiesIncludingPensionAssetLiability":
		return one(NetAssets)
	case "CalledUpShareCapital":
		return one(CalledUpShareCapital)
	case "ProfitLossAccountReserve":
		return one(ProfitAndLossReserve)
	case "ShareholderFunds":
		return one(ShareholdersFunds)
	}
	return nil
}

func ifrsRules(local string) []rule {
	switch local {
	case "Revenue":
		return one(Turnover)
	case "GrossProfit":
		return one(GrossProfit)
	case "ProfitLossFromOperatingActivities":
		return one(OperatingProfit)
	case "ProfitLossBeforeTax":
		return one(ProfitBeforeTax)
	case "IncomeTaxExpenseContinuingOperations":
		return one(Tax)
	case "ProfitLoss":
		return one(ProfitForTheYear)
	case "NoncurrentAssets":
		return one(FixedAssets)
	case "IntangibleAssetsOtherThanGoodwill":
		return one(IntangibleFixedAssets)
	case "PropertyPlantAndEquipment":
		return one(TangibleFixedAssets)
	case "Inventories":
		return one(Stock)
	case "TradeAndOtherCurrentReceivables":
		return one(Debtors)
	case "CashAndCashEquivalents":
		return one(Cash)
	case "CurrentAssets":
		return one(CurrentAssets)
	case "CurrentLiabilities":
		return one(CreditorsWithinOneYear)
	case "NoncurrentLiabilities":
		return one(CreditorsAfterOneYear)
	case "Provisions":
		return one(Provisions)
	case "Equity":
		// Under IFRS equity is the net assets and the shareholders' funds.
		return []rule{{name: NetAssets}, {name: ShareholdersFunds}}
	case "IssuedCapital":
		return one(CalledUpShareCapital)
	case "RetainedEarnings":
		return one(ProfitAndLossReserve)
	}
	return nil
}

// consolidation says what a dimension says about group or company: its
// group (consolidated) member, any other member the company alone. ok is
// false for any other dimension. The FRC business taxonomy's
// GroupCompanyDataDimension (member Consolidated) is what real filings
// use; IFRS has an axis of its own.
func consolidation(m Member) (group, ok bool) {
	switch m.Dimension.Local {
	case "GroupCompanyDataDimension", "ConsolidationDimension", "ConsolidatedAndSeparateFinancialStatementsAxis":
		return strings.Contains(m.Member.Local, "Consolidated"), true
	}
	return false, false
}

// Facts about the report itself, in the business taxonomies.
const (
	conceptStart     = "StartDateForPeriodCoveredByReport"
	conceptEnd       = "EndDateForPeriodCoveredByReport"
	conceptBSDate    = "BalanceSheetDate"
	conceptLegalName = "EntityCurrentLegalOrRegisteredName"
	conceptNumber    = "UKCompaniesHouseRegisteredNumber"
	conceptDormant   = "EntityDormantTruefalse"
)
