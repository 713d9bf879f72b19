package demo

// The plans of the demo companies that file accounts electronically, by
// the year their accounts are made up to.

// marzipanMountain is a software company growing a sixth a year, with a
// loan through the pandemic, filing full accounts from 2019.
func marzipanMountain() *plan {
	return &plan{layout: layoutFull, first: 2012, from: 2014, shareCapital: 100, drive: func(y int) drivers {
		d := drivers{grossMargin: 64, operatingMargin: min(6+y-2012, 15), interest: 200, debtorDays: 58, creditorDays: 40,
			tangible: 8_000 + 3_500*int64(y-2012), employees: min(2+2*int64(y-2012), 31)}
		switch {
		case y <= 2013:
			d.turnover = 85_000 + 95_000*int64(y-2012)
		case y < 2021:
			d.turnover = grow(300_000, 17, y-2014)
		default:
			d.turnover = grow(300_000, 17, y-2014) * 93 / 100
		}
		if y == 2021 {
			d.employees = 20
		}
		if y >= 2019 {
			d.intangible = 40_000 + 12_000*int64(y-2019)
		}
		if y >= 2020 && y <= 2024 {
			d.creditorsAfter = 50_000 - 10_000*int64(y-2020)
			d.interest = 1_500
		}
		if y >= 2016 {
			d.provisions = (d.tangible + d.intangible) * 5 / 100
			d.dividendShare = 35
		}
		return d
	}}
}

// grandUnifiedTeapot is a PLC's group, reporting under IFRS in £m: the
// pandemic's loss, then a recovery.
func grandUnifiedTeapot() *plan {
	return &plan{layout: layoutIFRS, first: 2010, from: 2019, openingReserve: 42_000_000, shareCapital: 25_000_000, taxCredits: true,
		drive: func(y int) drivers {
			d := drivers{grossMargin: 38, operatingMargin: 7, interest: 2_100_000, tangible: 64_000_000, intangible: 18_000_000,
				stockDays: 45, debtorDays: 50, creditorDays: 70, creditorsAfter: 38_000_000, dividendShare: 45, employees: 1_850}
			switch y {
			case 2019:
				d.turnover = 182_400_000
			case 2020:
				d.turnover, d.operatingMargin, d.employees = 141_000_000, -4, 1_640
			case 2021:
				d.turnover, d.employees = 166_300_000, 1_720
			case 2022:
				d.turnover = 188_900_000
			case 2023:
				d.turnover = 201_700_000
			case 2024:
				d.turnover = 207_300_000
			case 2025:
				d.turnover = 214_800_000
			default:
				d.turnover = 170_000_000 + 2_000_000*int64(y-2010)
			}
			return d
		},
		parent: func(y int) parentYear {
			return parentYear{investments: 95_000_000, debtors: 22_000_000 + 500_000*int64(y-2019), cash: 400_000, creditorsWithin: 3_100_000, employees: 12}
		}}
}

// snoozewellHammocks is a micro-entity that grew for six years and
// lost most of its net assets in its last before it was dissolved.
func snoozewellHammocks() *plan {
	return &plan{layout: layoutMicro, first: 2016, from: 2016, shareCapital: 1, drive: func(y int) drivers {
		d := drivers{turnover: 60_000 + 25_000*int64(y-2016), grossMargin: 40, operatingMargin: 12, tangible: 3_000,
			stockDays: 60, debtorDays: 20, creditorDays: 35, dividendShare: 50, employees: min(1+int64(y-2016)/2, 3)}
		switch y {
		case 2016:
			d.operatingMargin = -5
		case 2023:
			d.turnover, d.operatingMargin, d.dividendShare = 95_000, -38, 0
		}
		return d
	}}
}

// wonkyWheelbarrow is a small manufacturer whose sales fell away after
// 2019 until it owed more than it owned, and went into liquidation.
func wonkyWheelbarrow() *plan {
	return &plan{layout: layoutFilleted, first: 2010, from: 2012, shareCapital: 1_000, drive: func(y int) drivers {
		d := drivers{grossMargin: 35, operatingMargin: 8, tangible: 60_000, stockDays: 70, debtorDays: 45, creditorDays: 60,
			dividendShare: 40, employees: 9}
		d.turnover = grow(240_000, 6, min(y, 2019)-2010)
		if y >= 2016 {
			d.tangible = 60_000 - 4_000*int64(y-2016)
		}
		if y >= 2019 {
			d.creditorsAfter = 80_000
			d.interest = 4_000
		}
		if y > 2019 {
			fall := []int64{360_000, 300_000, 250_000, 210_000, 170_000}
			margin := []int{-2, -10, -22, -30, -38}
			i := min(y-2020, len(fall)-1)
			d.turnover, d.operatingMargin, d.dividendShare, d.creditorDays = fall[i], margin[i], 0, 110
			d.employees = int64(8 - i)
		}
		return d
	}}
}

// grumblePlumbing is a plumber's micro-entity: vans on finance, and more
// owed within a year than it has in current assets.
func grumblePlumbing() *plan {
	return &plan{layout: layoutMicro, first: 2017, from: 2017, shareCapital: 2, drive: func(y int) drivers {
		return drivers{turnover: 95_000 + 8_000*int64(y-2017), grossMargin: 55, operatingMargin: 9, tangible: 38_000 + 1_500*int64(y-2017),
			stockDays: 10, debtorDays: 30, creditorDays: 90, creditorsAfter: 18_000, dividendShare: 70, employees: 3}
	}}
}

// gooseberryHoldings is the Gooseberry Fool group: the group's accounts
// and the holding company's own balance sheet.
func gooseberryHoldings() *plan {
	return &plan{layout: layoutGroup, first: 2009, from: 2016, openingReserve: 1_800_000, shareCapital: 50_000, drive: func(y int) drivers {
		return drivers{turnover: 22_000_000 + 1_100_000*int64(y-2016), grossMargin: 31, operatingMargin: 6, interest: 140_000,
			tangible: 8_500_000, intangible: max(2_400_000-200_000*int64(y-2016), 0), stockDays: 20, debtorDays: 45, creditorDays: 55,
			creditorsAfter: 3_000_000, provisions: 400_000, dividendShare: 40, employees: 310 + 12*int64(y-2016)}
	}, parent: func(y int) parentYear {
		return parentYear{investments: 5_200_000, debtors: 1_100_000 + 200_000*int64(y-2016), cash: 40_000, creditorsWithin: 150_000, employees: 4}
	}}
}

// gooseberryDairies reports in £000, and lost money when the milk price
// fell in 2023.
func gooseberryDairies() *plan {
	return &plan{layout: layoutFull, first: 2012, from: 2016, openingReserve: 250_000, shareCapital: 500_000, thousands: true, taxCredits: true,
		drive: func(y int) drivers {
			d := drivers{turnover: 14_000_000 + 600_000*int64(y-2012), grossMargin: 24, operatingMargin: 5, interest: 90_000,
				tangible: 6_000_000, stockDays: 25, debtorDays: 40, creditorDays: 50, creditorsAfter: 2_500_000, provisions: 300_000,
				dividendShare: 30, employees: 140}
			switch y {
			case 2023:
				d.operatingMargin, d.dividendShare = -4, 0
			case 2024:
				d.operatingMargin = 2
			}
			return d
		}}
}

// gooseberryLogistics is a haulier filing small accounts with its profit
// and loss account.
func gooseberryLogistics() *plan {
	return &plan{layout: layoutSmall, first: 2014, from: 2014, shareCapital: 100, drive: func(y int) drivers {
		return drivers{turnover: 1_100_000 + 90_000*int64(y-2014), grossMargin: 22, operatingMargin: 4, interest: 9_000,
			tangible: 420_000, debtorDays: 50, creditorDays: 45, creditorsAfter: 180_000, dividendShare: 50, employees: 18 + int64(y-2014)}
	}}
}

// fiddlesticksLLP is a partnership of surveyors: what it makes is the
// members', who keep their capital in.
func fiddlesticksLLP() *plan {
	return &plan{layout: layoutFilleted, first: 2019, from: 2019, openingReserve: 25_000, llp: true, drive: func(y int) drivers {
		return drivers{turnover: 380_000 + 20_000*int64(y-2019), grossMargin: 90, operatingMargin: 30, tangible: 9_000,
			debtorDays: 70, creditorDays: 30, dividendShare: 100, employees: 4}
	}}
}

// cloudberryDistillers is a distillery laying down spirit: losses while
// it matures, owing more than it owns until its whisky sells.
func cloudberryDistillers() *plan {
	return &plan{layout: layoutMicro, first: 2020, from: 2020, shareCapital: 100, drive: func(y int) drivers {
		sales := []int64{12_000, 45_000, 110_000, 190_000, 260_000, 330_000}
		margins := []int{-180, -60, -20, 4, 12, 16}
		i := min(max(y-2020, 0), len(sales)-1)
		return drivers{turnover: sales[i], grossMargin: 50, operatingMargin: margins[i], tangible: 120_000, stockDays: 400,
			debtorDays: 30, creditorDays: 60, creditorsAfter: 150_000, employees: 2 + int64(i)}
	}}
}

// sprockettsTablet is a confectioner's micro-entity, steady year on year.
func sprockettsTablet() *plan {
	return &plan{layout: layoutMicro, first: 2018, from: 2018, shareCapital: 100, drive: func(y int) drivers {
		return drivers{turnover: 150_000 + 12_000*int64(y-2018), grossMargin: 45, operatingMargin: 10, tangible: 12_000,
			stockDays: 30, debtorDays: 25, creditorDays: 40, dividendShare: 60, employees: 4}
	}}
}

// ticktockTeaRooms is 00006420, the living company that files every few
// minutes: a tea room that grew year on year until the year to 2026,
// when a loss took more than half of its net assets (the red flag a
// watch list's check reports when its accounts come in).
func ticktockTeaRooms() *plan {
	return &plan{layout: layoutFull, first: 2020, from: 2020, shareCapital: 100, drive: func(y int) drivers {
		d := drivers{turnover: 120_000 + 18_000*int64(y-2020), grossMargin: 62, operatingMargin: 11, tangible: 21_000,
			stockDays: 12, debtorDays: 6, creditorDays: 35, dividendShare: 30, employees: 5 + int64(y-2020)}
		if y >= 2026 {
			d.turnover, d.operatingMargin, d.dividendShare, d.employees = 131_000, -38, 0, 7
		}
		return d
	}}
}
