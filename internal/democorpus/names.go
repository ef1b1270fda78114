package democorpus

// The word lists below are invented for the corpus: company names are
// built from a place-like stem, an industry word and a legal suffix, which
// gives names that read like real filers without being any of them.

var nameStems = []string{
	"Alderwick", "Bramblecote", "Calderon Bay", "Dunmore", "Everhollow", "Fairhaven", "Glenrock",
	"Harrowgate", "Islay Point", "Juniper Ridge", "Kestrel", "Larkspur", "Merrowby", "Norhaven",
	"Oakhurst", "Pellham", "Quarrystone", "Redfern", "Silverton", "Thornbury", "Umberfield",
	"Vantor", "Westmere", "Yarrowdale", "Zephyrine", "Ashgrove", "Bellcrest", "Coldwater Creek",
	"Driftwood", "Emberly", "Foxglove", "Granite Peak", "Halcyon", "Ironbridge", "Kingsmere",
	"Lumenfield", "Novara", "Orchard Hill", "Pinecrest", "Quillon", "Riverbend", "Stonebridge",
	"Tidewater", "Verdantia", "Wexcombe", "Brightwater", "Cobalt Ridge", "Highmoor", "Saltmarsh",
	"Copperline", "Larchmont Vale", "Mistral", "Northgale", "Sablewood", "Tamarack",
}

// industry is an SEC Standard Industrial Classification with the words a
// company in it tends to carry in its name.
type industry struct {
	SIC   string
	Name  string // as EDGAR prints it
	Slug  string // the industry attribute's value
	Words []string
}

var industries = []industry{
	{"2834", "PHARMACEUTICAL PREPARATIONS", "pharmaceutical-preparations", []string{"Therapeutics", "Pharmaceuticals", "Biopharma"}},
	{"2836", "BIOLOGICAL PRODUCTS, (NO DIAGNOSTIC SUBSTANCES)", "biological-products", []string{"Biologics", "Biosciences"}},
	{"3841", "SURGICAL & MEDICAL INSTRUMENTS & APPARATUS", "surgical-medical-instruments", []string{"Medical", "Surgical Systems", "Medical Devices"}},
	{"7372", "SERVICES-PREPACKAGED SOFTWARE", "prepackaged-software", []string{"Software", "Systems", "Analytics"}},
	{"7370", "SERVICES-COMPUTER PROGRAMMING, DATA PROCESSING, ETC.", "computer-programming-data-processing", []string{"Digital", "Data", "Cloud"}},
	{"3674", "SEMICONDUCTORS & RELATED DEVICES", "semiconductors", []string{"Semiconductor", "Microsystems", "Photonics"}},
	{"4813", "TELEPHONE COMMUNICATIONS (NO RADIOTELEPHONE)", "telephone-communications", []string{"Telecom", "Communications", "Networks"}},
	{"4911", "ELECTRIC SERVICES", "electric-services", []string{"Energy", "Power", "Renewables"}},
	{"1311", "CRUDE PETROLEUM & NATURAL GAS", "crude-petroleum-natural-gas", []string{"Resources", "Petroleum", "Energy Partners"}},
	{"2080", "BEVERAGES", "beverages", []string{"Beverage", "Brewing", "Spirits"}},
	{"2000", "FOOD AND KINDRED PRODUCTS", "food-kindred-products", []string{"Foods", "Nutrition", "Provisions"}},
	{"5812", "RETAIL-EATING PLACES", "retail-eating-places", []string{"Restaurants", "Hospitality", "Grill"}},
	{"5961", "RETAIL-CATALOG & MAIL-ORDER HOUSES", "retail-catalog-mail-order", []string{"Direct", "Commerce", "Marketplace"}},
	{"7812", "SERVICES-MOTION PICTURE & VIDEO TAPE PRODUCTION", "motion-picture-video-production", []string{"Media", "Studios", "Entertainment"}},
	{"6022", "STATE COMMERCIAL BANKS", "state-commercial-banks", []string{"Bancorp", "Bank", "Financial"}},
	{"6798", "REAL ESTATE INVESTMENT TRUSTS", "real-estate-investment-trusts", []string{"Realty", "Properties", "Real Estate Trust"}},
	{"3711", "MOTOR VEHICLES & PASSENGER CAR BODIES", "motor-vehicles", []string{"Motors", "Mobility", "Automotive"}},
	{"2860", "INDUSTRIAL ORGANIC CHEMICALS", "industrial-organic-chemicals", []string{"Chemicals", "Materials", "Polymers"}},
	{"7389", "SERVICES-BUSINESS SERVICES, NEC", "business-services", []string{"Solutions", "Services", "Partners"}},
	{"4731", "ARRANGEMENT OF TRANSPORTATION OF FREIGHT & CARGO", "freight-arrangement", []string{"Logistics", "Freight", "Transport"}},
	{"2300", "APPAREL & OTHER FINISHD PRODS OF FABRICS & SIMILAR MATL", "apparel", []string{"Apparel", "Outfitters", "Textiles"}},
	{"3990", "MISCELLANEOUS MANUFACTURING INDUSTRIES", "miscellaneous-manufacturing", []string{"Industries", "Manufacturing", "Products"}},
}

var firstNames = []string{
	"Margaret", "Daniel", "Priya", "Jonathan", "Elena", "Marcus", "Sofia", "Robert", "Aisha", "Thomas",
	"Hannah", "Kenji", "Laura", "Samuel", "Mei", "Andrew", "Catherine", "Diego", "Rachel", "William",
	"Nadia", "Patrick", "Ingrid", "Oliver", "Fatima", "Gregory", "Yuki", "Benjamin", "Claire", "Rafael",
}

var lastNames = []string{
	"Lindqvist", "Okafor", "Castellane", "Brannock", "Whitcombe", "Nakamura", "Delacroix", "Hargrove",
	"Petrosyan", "Ives", "Moreau", "Sandoval", "Achterberg", "Kowalczyk", "Fairweather", "Oyelaran",
	"Thorsen", "Valcourt", "Ramaswamy", "Ellery", "Markham", "Quintero", "Stroud", "Abernathy",
	"Holloway", "Tanaka", "Grunewald", "Mbeki", "Ferrante", "Lockwood",
}

var middleInitials = []string{"A.", "B.", "C.", "D.", "E.", "J.", "L.", "M.", "R.", "S.", "T."}

var officerTitles = []string{
	"Chief Executive Officer", "President", "Chief Financial Officer", "General Counsel and Secretary",
	"Executive Vice President", "Chief Operating Officer", "Vice President, Business Development",
	"Managing Director", "Senior Vice President, Legal", "Chief Commercial Officer",
}

var lawFirms = []string{
	"Hargrove Pell & Lindqvist LLP", "Brannock Ives LLP", "Castellane & Moy LLP",
	"Whitcombe Stroud LLP", "Fairweather Quintero & Ellery LLP", "Abernathy Markham LLP",
	"Holloway & Valcourt LLP", "Lockwood Thorsen LLP", "Delacroix Ferrante LLP",
	"Achterberg & Sandoval LLP",
}

var streetNames = []string{
	"Harbor", "Meridian", "Cedar Ridge", "Lakeview", "Commerce", "Innovation", "Granite", "Willow",
	"Summit", "Market", "Riverside", "Foundry", "Beacon", "Orchard", "Prospect", "Canal",
}

var streetKinds = []string{"Street", "Avenue", "Boulevard", "Drive", "Parkway", "Road", "Way", "Plaza"}
