package figures

// Name is one of the figures read from accounts.
type Name int

// The figures, in the order accounts show them: the profit and loss
// account, then the balance sheet, then capital and reserves.
const (
	Turnover Name = iota + 1
	GrossProfit
	OperatingProfit
	ProfitBeforeTax
	Tax
	ProfitForTheYear
	AverageEmployees
	FixedAssets // all fixed assets: a micro-entity's balance sheet has only this line
	IntangibleFixedAssets
	TangibleFixedAssets
	Stock
	Debtors
	Cash
	CurrentAssets
	CreditorsWithinOneYear
	NetCurrentAssets
	TotalAssetsLessCurrentLiabilities
	CreditorsAfterOneYear
	Provisions
	NetAssets
	CalledUpShareCapital
	ProfitAndLossReserve
	ShareholdersFunds
	lastName
)

// Names are every figure, in order.
func Names() []Name {
	out := make([]Name, 0, lastName-1)
	for n := Turnover; n < lastName; n++ {
		out = append(out, n)
	}
	return out
}

// String is the figure's key, snake_case: "net_assets", as --json and
// --csv name it.
func (n Name) String() string {
	switch n {
	case Turnover:
		return "turnover"
	case GrossProfit:
		return "gross_profit"
	case OperatingProfit:
		return "operating_profit"
	case ProfitBeforeTax:
		return "profit_before_tax"
	case Tax:
		return "tax"
	case ProfitForTheYear:
		return "profit_for_the_year"
	case AverageEmployees:
		return "average_employees"
	case FixedAssets:
		return "fixed_assets"
	case IntangibleFixedAssets:
		return "intangible_fixed_assets"
	case TangibleFixedAssets:
		return "tangible_fixed_assets"
	case Stock:
		return "stock"
	case Debtors:
		return "debtors"
	case Cash:
		return "cash"
	case CurrentAssets:
		return "current_assets"
	case CreditorsWithinOneYear:
		return "creditors_due_within_one_year"
	case NetCurrentAssets:
		return "net_current_assets"
	case TotalAssetsLessCurrentLiabilities:
		return "total_assets_less_current_liabilities"
	case CreditorsAfterOneYear:
		return "creditors_due_after_one_year"
	case Provisions:
		return "provisions"
	case NetAssets:
		return "net_assets"
	case CalledUpShareCapital:
		return "called_up_share_capital"
	case ProfitAndLossReserve:
		return "profit_and_loss_reserve"
	case ShareholdersFunds:
		return "shareholders_funds"
	}
	return ""
}

// Label is the figure in words, as accounts head its line.
func (n Name) Label() string {
	switch n {
	case Turnover:
		return "Turnover"
	case GrossProfit:
		return "Gross profit"
	case OperatingProfit:
		return "Operating profit"
	case ProfitBeforeTax:
		return "Profit before tax"
	case Tax:
		return "Tax"
	case ProfitForTheYear:
		return "Profit for the year"
	case AverageEmployees:
		return "Average employees"
	case FixedAssets:
		return "Fixed assets"
	case IntangibleFixedAssets:
		return "Intangible fixed assets"
	case TangibleFixedAssets:
		return "Tangible fixed assets"
	case Stock:
		return "Stock"
	case Debtors:
		return "Debtors"
	case Cash:
		return "Cash"
	case CurrentAssets:
		return "Current assets"
	case CreditorsWithinOneYear:
		return "Creditors due within one year"
	case NetCurrentAssets:
		return "Net current assets"
	case TotalAssetsLessCurrentLiabilities:
		return "Total assets less current liabilities"
	case CreditorsAfterOneYear:
		return "Creditors due after one year"
	case Provisions:
		return "Provisions"
	case NetAssets:
		return "Net assets"
	case CalledUpShareCapital:
		return "Called-up share capital"
	case ProfitAndLossReserve:
		return "Profit and loss reserve"
	case ShareholdersFunds:
		return "Shareholders' funds"
	}
	return "a figure"
}

// ParseName reads a figure's key ("net_assets").
func ParseName(s string) (Name, bool) {
	for n := Turnover; n < lastName; n++ {
		if n.String() == s {
			return n, true
		}
	}
	return 0, false
}

// IsCount reports whether the figure counts people rather than money.
func (n Name) IsCount() bool { return n == AverageEmployees }

// overPeriod reports whether the figure is over a period (a duration
// context) rather than at the balance sheet date (an instant).
func (n Name) overPeriod() bool {
	switch n {
	case Turnover, GrossProfit, OperatingProfit, ProfitBeforeTax, Tax, ProfitForTheYear, AverageEmployees:
		return true
	}
	return false
}
