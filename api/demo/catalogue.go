package demo

// catalogue lists the demo companies in the order they are presented, with
// what each one is there to exercise. The fixtures directory holds exactly
// these companies; loading panics otherwise, so Numbers cannot lie.
var catalogue = []struct {
	number, about string
}{
	{"00006400", "active private company with every field filled in, charges and PSC statements"},
	{"00006401", "public limited company with 130 officers and 5,000 filings, for paging"},
	{"00006402", "dissolved company: stale overdue flags, inactive officers, gazette filings"},
	{"00006403", "company in liquidation: insolvency case, a charge, previous names null"},
	{"OC006404", "limited liability partnership with designated and ordinary members"},
	{"SC006405", "Scottish company, active with a proposal to strike off"},
	{"FC006406", "overseas company: foreign address and details, filings of its UK establishment"},
	{"00006407", "active company with overdue accounts and confirmation statement"},
	{"00006408", "company whose optional fields are null or empty, with only a self link"},
	{"00006409", "community interest company; accounting reference date as numbers"},
	{"BR006410", "UK establishment of the overseas company FC006406"},
	{"00006411", "holding company: individual, ceased and super-secure PSCs, registers moved to the public register"},
	{"00006412", "owned by 00006411: a corporate PSC, a legal-person PSC, charges with several lenders"},
	{"00006413", "owned by 00006412, once by 00006401: PSC counts missing, no charges (200), a nominee first director"},
	{"SC006414", "Scottish company of a namesake: same name as a director of 00006411, born in another month"},
	{"OE006415", "registered overseas entity: every kind of beneficial owner, a managing officer"},
	{"SC006416", "Scottish company owned by SC006414, sharing its directors"},
}

// Numbers returns the numbers of the demo companies, in catalogue order: the
// fully populated company first, then each unusual case.
func Numbers() []string {
	numbers := make([]string, len(catalogue))
	for i, c := range catalogue {
		numbers[i] = c.number
	}
	return numbers
}

// Describe returns a one-line description of what the demo company with the
// given number exercises, or "" if it is not a demo company. The generated
// companies for load tests (GeneratedFirst to GeneratedLast) and the living
// companies (LivingNumbers), which Numbers leaves out, are described too.
func Describe(number string) string {
	for _, c := range catalogue {
		if c.number == number {
			return c.about
		}
	}
	if b := livingBeatOf(number); b != nil {
		return b.about
	}
	if IsGenerated(number) {
		return generatedAbout
	}
	return ""
}
