package labels

// sicCodes describes the SIC 2007 codes that dominate UK registers, in
// coview's own words. The rest are covered by sicDivisions, so the table
// can stay short without leaving any valid code blank. 74990 and 99999 are
// registry conventions for companies that do not trade.
var sicCodes = map[string]string{
	"01110": "Growing cereals, pulses and oilseeds",
	"01410": "Dairy farming",
	"01500": "Mixed crop and livestock farming",
	"10710": "Baking bread, cakes and fresh pastries",
	"18129": "Commercial printing",
	"25620": "Machining of metal parts",
	"33190": "Repair of other equipment",
	"41100": "Developing building projects",
	"41201": "Building commercial premises",
	"41202": "Building homes",
	"42990": "Other civil engineering projects",
	"43210": "Electrical installation",
	"43220": "Plumbing, heating and air-conditioning installation",
	"43290": "Other building installation work",
	"43310": "Plastering",
	"43320": "Joinery installation",
	"43341": "Painting",
	"43390": "Other finishing work on buildings",
	"43910": "Roofing",
	"43999": "Other specialist construction work",
	"45111": "Selling new cars and light vans",
	"45112": "Selling used cars and light vans",
	"45200": "Vehicle servicing and repair",
	"46190": "Agents selling a range of goods",
	"46900": "General wholesale",
	"47110": "Supermarkets and general food stores",
	"47190": "Other general stores",
	"47710": "Clothing shops",
	"47910": "Online and mail-order retail",
	"47990": "Other retail outside shops",
	"49320": "Taxis",
	"49410": "Road haulage",
	"52290": "Other transport support, such as freight forwarding",
	"53202": "Courier and delivery services (unlicensed carrier)",
	"55100": "Hotels",
	"55900": "Other accommodation",
	"56101": "Licensed restaurants",
	"56102": "Unlicensed restaurants and cafes",
	"56103": "Takeaways and mobile food stands",
	"56210": "Event catering",
	"56302": "Pubs and bars",
	"58190": "Other publishing",
	"59111": "Film production",
	"62011": "Games and entertainment software development",
	"62012": "Software development for businesses and consumers",
	"62020": "IT consultancy",
	"62030": "Managing computer facilities",
	"62090": "Other IT services",
	"63110": "Data processing and hosting",
	"63120": "Web portals",
	"64191": "Banking",
	"64205": "Financial holding company",
	"64209": "Holding company (non-financial)",
	"64303": "Venture and development capital",
	"64999": "Other financial services",
	"66190": "Other services auxiliary to finance",
	"66220": "Insurance agents and brokers",
	"68100": "Buying and selling own property",
	"68201": "Housing association letting",
	"68209": "Letting own or leased property",
	"68310": "Estate agents",
	"68320": "Property management for others",
	"69101": "Barristers",
	"69102": "Solicitors",
	"69109": "Other legal services",
	"69201": "Accounting and auditing",
	"69202": "Bookkeeping",
	"69203": "Tax advice",
	"70100": "Head office activities",
	"70210": "Public relations",
	"70221": "Financial management consultancy",
	"70229": "Management consultancy (not financial)",
	"71111": "Architecture",
	"71121": "Engineering design for industrial processes",
	"71122": "Engineering consultancy",
	"71129": "Other engineering services",
	"72190": "Other research in natural sciences and engineering",
	"73110": "Advertising agencies",
	"73200": "Market research and polling",
	"74100": "Specialist design",
	"74209": "Photography",
	"74300": "Translation and interpreting",
	"74909": "Other professional and technical services",
	"74990": "Non-trading company",
	"77110": "Car and light van hire",
	"78109": "Recruitment agencies",
	"78200": "Temporary staffing agencies",
	"81100": "Combined facilities support",
	"81210": "General cleaning of buildings",
	"81300": "Landscaping and gardening services",
	"82110": "Office administration services",
	"82990": "Other business support services",
	"85100": "Nursery education",
	"85590": "Other education and training",
	"85600": "Educational support services",
	"86101": "Hospitals",
	"86210": "GP practices",
	"86220": "Specialist medical practices",
	"86230": "Dental practices",
	"86900": "Other health care, such as therapy and clinics",
	"87100": "Nursing homes",
	"87300": "Residential care for older and disabled people",
	"88100": "Non-residential care for older and disabled people",
	"88990": "Other social work without accommodation",
	"90010": "Performing arts",
	"90030": "Artistic creation",
	"93110": "Running sports facilities",
	"93130": "Gyms and fitness facilities",
	"93199": "Other sports activities",
	"93290": "Other amusement and recreation",
	"94110": "Business and employer associations",
	"94990": "Other membership organisations",
	"96020": "Hairdressing and beauty treatment",
	"96040": "Well-being services such as spas",
	"96090": "Other personal services",
	"98000": "Residents' property management",
	"99000": "Extraterritorial organisations",
	"99999": "Dormant company",
}

// SIC describes a SIC code from sic_codes. A five-digit SIC 2007 code gets
// its own description when coview has one, otherwise its division title
// with the division number ("Computer programming and consultancy
// (division 62)"). Four-digit codes are SIC 2003 legacy codes still held by
// old companies; they are named but not described. Anything else gives "".
func SIC(code string) string {
	c := norm(code)
	if _, ok := digits(c); !ok {
		return ""
	}
	switch len(c) {
	case 5:
		if d, ok := sicCodes[c]; ok {
			return d
		}
		if d, ok := sicDivisions[c[:2]]; ok {
			return d + " (division " + c[:2] + ")"
		}
	case 4:
		return "SIC 2003 code " + c
	}
	return ""
}
