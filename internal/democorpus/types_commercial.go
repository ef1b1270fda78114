package democorpus

// Commercial agreements: goods, software and services changing hands.
var commercialTypes = []contractType{
	{
		Slug: "license-agreement", Name: "License Agreement", Weight: 8, Exhibit: "10",
		Titles:   []string{"LICENSE AGREEMENT", "SOFTWARE LICENSE AGREEMENT", "TECHNOLOGY LICENSE AGREEMENT", "TRADEMARK LICENSE AGREEMENT"},
		Roles:    [2]string{"Licensor", "Licensee"},
		Subject:  []string{"the Licensed Software", "the Licensed Technology", "the Licensed Marks", "the Licensed Patents"},
		Recitals: []string{"{A} owns or controls certain intellectual property rights in {Product}", "{B} desires to obtain, and {A} is willing to grant, a license under such rights on the terms and conditions of this Agreement"},
		Defs: []def{
			{"Licensed Field", "means the field of {Field}."},
			{"Net Sales", "means the gross amounts invoiced by {B} and its Affiliates for Licensed Products, less customary trade discounts, returns, freight and sales taxes actually allowed or paid."},
			{"Licensed Products", "means any product or service that incorporates, is derived from or is made using {Product}."},
		},
		Sections: []sec{
			{Head: "Grant of License", Subs: []sub{
				{"License Grant", "Subject to the terms of this Agreement, {A} hereby grants to {B} a {Exclusivity}, non-transferable license under {Product} to make, use, sell, offer for sale and import Licensed Products in the Licensed Field throughout the Territory."},
				{"Sublicenses", "{B} may grant sublicenses only with the prior written consent of {A}, and each sublicense shall be consistent with and subject to the terms of this Agreement. || {B} shall have no right to grant sublicenses under this Agreement."},
				{"Reservation of Rights", "All rights not expressly granted to {B} in this Agreement are reserved to {A}, and no license is granted by implication, estoppel or otherwise."},
			}},
			{Head: "Royalties and Payments", Subs: []sub{
				{"License Fee", "In consideration of the license granted herein, {B} shall pay {A} a non-refundable license fee of {Fee} within {PayDays} after the Effective Date."},
				{"Royalties", "{B} shall pay {A} a running royalty of {Percent} of Net Sales of all Licensed Products sold during each calendar quarter, payable within {PayDays} after the end of that quarter."},
				{"Reports and Audit", "With each royalty payment {B} shall deliver a written report showing Net Sales by product and country. {A} may, upon {NoticeDays} notice and not more than once per calendar year, have an independent accountant audit the relevant records of {B}."},
			}},
			{Head: "Intellectual Property", Subs: []sub{
				{"Ownership", "As between the Parties, {A} retains all right, title and interest in and to {Product}, and {B} shall not contest the validity of any of {A}'s intellectual property rights."},
				{"Improvements", "Any improvement to {Product} made by {B} shall be owned by {B}, and {B} hereby grants {A} a non-exclusive, royalty-free license to use such improvement. || Any improvement to {Product} made by either Party shall be owned by {A}."},
			}},
		},
	},
	{
		Slug: "distributor-agreement", Name: "Distributor Agreement", Weight: 7, Exhibit: "10",
		Titles:   []string{"DISTRIBUTION AGREEMENT", "EXCLUSIVE DISTRIBUTOR AGREEMENT", "INTERNATIONAL DISTRIBUTION AGREEMENT"},
		Roles:    [2]string{"Supplier", "Distributor"},
		Subject:  []string{"the Products", "the Supplier Products"},
		Recitals: []string{"{A} designs, manufactures and sells {Product}", "{B} has experience in the marketing and distribution of similar products in the Territory and wishes to be appointed as a distributor of {Product}"},
		Defs: []def{
			{"Minimum Purchase Requirement", "means the minimum quantity of Products that {B} shall purchase in each Contract Year, as set forth in Exhibit A."},
			{"Contract Year", "means each period of twelve (12) months beginning on the Effective Date or an anniversary of it."},
			{"Customer", "means any person in the Territory that purchases Products from {B} for its own use and not for resale."},
		},
		Sections: []sec{
			{Head: "Appointment", Subs: []sub{
				{"Appointment", "{A} hereby appoints {B} as its {Exclusivity} distributor of {Product} in the Territory, and {B} accepts such appointment."},
				{"Sales Outside the Territory", "{B} shall not actively solicit orders for {Product} from outside the Territory or establish any branch or warehouse for {Product} outside the Territory."},
				{"Sub-Distributors", "{B} may appoint sub-distributors in the Territory with the prior written consent of {A}, and {B} shall remain responsible for the acts of its sub-distributors."},
			}},
			{Head: "Orders, Prices and Payment", Subs: []sub{
				{"Purchase Orders", "{B} shall order {Product} by written purchase orders, each of which is subject to acceptance by {A}. {A} shall use reasonable efforts to accept orders consistent with {B}'s most recent forecast."},
				{"Prices", "The prices for {Product} are set forth in Exhibit A. {A} may change its prices upon {NoticeDays} written notice, and the new prices shall apply to orders received after the notice period."},
				{"Payment Terms", "{B} shall pay each invoice within {PayDays} of the invoice date. Late payments shall bear interest at the rate of one percent (1%) per month or the maximum rate permitted by law, whichever is less."},
				{"Minimum Purchases", "{B} shall purchase at least the Minimum Purchase Requirement in each Contract Year. If {B} fails to do so, {A} may convert the appointment to a non-exclusive one upon written notice."},
			}},
			{Head: "Marketing", Subs: []sub{
				{"Promotion", "{B} shall use commercially reasonable efforts to market and promote {Product} throughout the Territory and shall maintain a sales organization adequate for that purpose."},
				{"Trademarks", "{B} may use {A}'s trademarks solely to identify and promote {Product} in the Territory and in accordance with {A}'s trademark guidelines."},
			}},
		},
		Schedule: &sec{Head: "Products, Prices and Minimum Purchase Requirement", Subs: []sub{{"", "Products: {Product}, as described in {A}'s current catalogue."}, {"", "Minimum Purchase Requirement: {Units} units in the first Contract Year, increasing by ten percent (10%) in each following Contract Year."}}},
	},
	{
		Slug: "supply-agreement", Name: "Supply Agreement", Weight: 7, Exhibit: "10",
		Titles:   []string{"SUPPLY AGREEMENT", "MASTER SUPPLY AGREEMENT", "LONG-TERM SUPPLY AGREEMENT"},
		Roles:    [2]string{"Supplier", "Purchaser"},
		Subject:  []string{"the Products", "the Materials", "the Components"},
		Recitals: []string{"{A} is in the business of producing and selling {Product}", "{B} wishes to purchase from {A}, and {A} wishes to supply to {B}, {Product} on the terms of this Agreement"},
		Defs: []def{
			{"Forecast", "means a rolling twelve (12) month non-binding estimate of {B}'s requirements for {Product}."},
			{"Specifications", "means the specifications for {Product} set forth in Exhibit A, as amended from time to time by written agreement of the Parties."},
			{"Delivery Point", "means the facility of {B} designated in the applicable Purchase Order."},
		},
		Sections: []sec{
			{Head: "Supply and Purchase", Subs: []sub{
				{"Supply Commitment", "{A} shall manufacture and supply to {B}, and {B} shall purchase from {A}, {Product} in the quantities ordered under this Agreement. || During the term, {B} shall purchase from {A} not less than {Percent} of its requirements for {Product}."},
				{"Forecasts", "On or before the first day of each calendar month, {B} shall provide {A} with a Forecast. The first three (3) months of each Forecast shall be binding."},
				{"Purchase Orders", "{B} shall issue purchase orders at least {Days} before the requested delivery date. {A} shall accept each purchase order that is consistent with the binding portion of the most recent Forecast."},
			}},
			{Head: "Delivery, Inspection and Acceptance", Subs: []sub{
				{"Delivery", "{A} shall deliver {Product} FCA {A}'s facility (Incoterms 2020), and title and risk of loss shall pass to {B} upon delivery to the carrier."},
				{"Inspection", "{B} may inspect {Product} within {Days} after delivery and reject any Product that does not conform to the Specifications by written notice describing the nonconformity."},
				{"Replacement", "{A} shall, at its option and expense, repair or replace any rejected Product or credit {B} for its price."},
			}},
			{Head: "Price and Payment", Subs: []sub{
				{"Prices", "The prices for {Product} are set forth in Exhibit A and shall remain fixed for the first Contract Year, after which they may be adjusted once per year by no more than the change in the applicable producer price index."},
				{"Invoices", "{A} shall invoice {B} upon shipment, and {B} shall pay each undisputed invoice within {PayDays}."},
			}},
		},
	},
	{
		Slug: "service-agreement", Name: "Service Agreement", Weight: 7, Exhibit: "10",
		Titles:   []string{"MASTER SERVICES AGREEMENT", "SERVICES AGREEMENT", "PROFESSIONAL SERVICES AGREEMENT"},
		Roles:    [2]string{"Provider", "Client"},
		Subject:  []string{"the Services", "the Professional Services"},
		Recitals: []string{"{A} is engaged in the business of providing {Field} services", "{B} wishes to engage {A} to provide {Product} under one or more statements of work"},
		Defs: []def{
			{"Statement of Work", "means a document executed by both Parties that describes the Services to be performed, the deliverables, the schedule and the fees."},
			{"Deliverables", "means all documents, reports, software and other materials that {A} delivers to {B} under a Statement of Work."},
			{"Service Levels", "means the performance standards set forth in the applicable Statement of Work."},
		},
		Sections: []sec{
			{Head: "Services", Subs: []sub{
				{"Performance of Services", "{A} shall perform {Product} described in each Statement of Work in a professional and workmanlike manner, in accordance with generally recognized industry standards."},
				{"Personnel", "{A} shall assign qualified personnel to perform {Product} and shall replace any individual whom {B} reasonably requests to be removed."},
				{"Change Orders", "Either Party may request changes to a Statement of Work. No change shall be effective until set forth in a written change order signed by both Parties."},
			}},
			{Head: "Fees and Expenses", Subs: []sub{
				{"Fees", "{B} shall pay {A} the fees set forth in each Statement of Work. Unless otherwise stated, fees for time and materials work shall be invoiced monthly in arrears."},
				{"Expenses", "{B} shall reimburse {A} for reasonable, pre-approved travel and out-of-pocket expenses incurred in performing {Product}."},
				{"Taxes", "All fees are exclusive of sales, use and similar taxes, which {B} shall pay, other than taxes on {A}'s net income."},
			}},
			{Head: "Ownership of Deliverables", Subs: []sub{
				{"", "Upon full payment, {B} shall own all Deliverables created specifically for {B}, excluding {A}'s pre-existing materials, tools and know-how, which {A} hereby licenses to {B} on a non-exclusive, perpetual basis solely for use with the Deliverables. || {A} retains ownership of all Deliverables and grants {B} a non-exclusive, perpetual license to use them for its internal business purposes."},
			}},
		},
	},
	{
		Slug: "consulting-agreement", Name: "Consulting Agreement", Weight: 5, Exhibit: "10", Person: true,
		Titles:   []string{"CONSULTING AGREEMENT", "CONSULTING SERVICES AGREEMENT", "INDEPENDENT CONSULTANT AGREEMENT"},
		Roles:    [2]string{"Company", "Consultant"},
		Subject:  []string{"the Consulting Services"},
		Recitals: []string{"{A} desires to obtain the benefit of {B}'s knowledge and experience in {Field}", "{B} is willing to provide consulting services to {A} on the terms of this Agreement"},
		Defs: []def{
			{"Work Product", "means all inventions, works of authorship, data and other materials that {B} creates in performing the Consulting Services."},
		},
		Sections: []sec{
			{Head: "Consulting Services", Subs: []sub{
				{"", "{B} shall provide advice and consultation to {A} in {Field} as {A} may reasonably request from time to time (the {q}Consulting Services{/q}), and shall devote up to {Hours} hours per month to the Consulting Services."},
			}},
			{Head: "Compensation", Subs: []sub{
				{"Fees", "{A} shall pay {B} a fee of {Rate} per hour for the Consulting Services, invoiced monthly and payable within {PayDays} after receipt of the invoice. || {A} shall pay {B} a monthly retainer of {Retainer}, payable in advance on the first business day of each month."},
				{"Expenses", "{A} shall reimburse {B} for reasonable travel expenses approved in advance in writing by {A}."},
				{"No Benefits", "{B} shall not be eligible to participate in any employee benefit plan of {A}, and {B} is solely responsible for all taxes on the compensation paid under this Agreement."},
			}},
			{Head: "Work Product", Subs: []sub{
				{"", "All Work Product shall be the sole property of {A}. {B} hereby assigns to {A} all right, title and interest in the Work Product and shall sign any documents reasonably required to perfect such assignment."},
			}},
		},
		Omit: []string{"indemnification", "warranties"},
	},
	{
		Slug: "agency-agreement", Name: "Agency Agreement", Weight: 3, Exhibit: "10",
		Titles:   []string{"AGENCY AGREEMENT", "SALES AGENCY AGREEMENT", "SALES REPRESENTATIVE AGREEMENT"},
		Roles:    [2]string{"Principal", "Agent"},
		Subject:  []string{"the Products"},
		Recitals: []string{"{A} wishes to appoint an agent to solicit orders for {Product} in the Territory", "{B} is willing to act as {A}'s agent on a commission basis"},
		Defs: []def{
			{"Commission", "means the commission payable to {B} on Accepted Orders under this Agreement."},
			{"Accepted Order", "means an order for {Product} solicited by {B} from a customer in the Territory and accepted by {A}."},
		},
		Sections: []sec{
			{Head: "Appointment of Agent", Subs: []sub{
				{"Appointment", "{A} appoints {B} as its {Exclusivity} agent to solicit orders for {Product} from customers in the Territory."},
				{"Authority", "{B} has no authority to accept orders, make contracts or incur any obligation on behalf of {A}, and shall not hold itself out as having such authority."},
				{"Duties of Agent", "{B} shall diligently promote {Product}, keep {A} informed of market conditions in the Territory, and forward every inquiry and order to {A} promptly."},
			}},
			{Head: "Commissions", Subs: []sub{
				{"Rate", "{A} shall pay {B} a commission of {Percent} of the net invoice value of each Accepted Order."},
				{"Payment", "Commissions shall accrue when {A} receives payment from the customer and shall be paid within {PayDays} after the end of the calendar month in which they accrue, together with a statement of the orders on which they are based."},
			}},
		},
	},
	{
		Slug: "reseller-agreement", Name: "Reseller Agreement", Weight: 4, Exhibit: "10",
		Titles:   []string{"RESELLER AGREEMENT", "VALUE ADDED RESELLER AGREEMENT", "AUTHORIZED RESELLER AGREEMENT"},
		Roles:    [2]string{"Vendor", "Reseller"},
		Subject:  []string{"the Vendor Products", "the Subscription Services"},
		Recitals: []string{"{A} offers {Product} to businesses", "{B} wishes to resell {Product} to its customers in the Territory, bundled with its own services"},
		Defs: []def{
			{"End User", "means a customer of {B} that acquires {Product} for its own internal use and not for further resale."},
			{"End User Agreement", "means {A}'s standard terms governing an End User's use of {Product}."},
		},
		Sections: []sec{
			{Head: "Appointment", Subs: []sub{
				{"Reseller Appointment", "{A} appoints {B} as a non-exclusive authorized reseller of {Product} to End Users in the Territory."},
				{"End User Terms", "{B} shall ensure that each End User accepts the End User Agreement before using {Product}."},
			}},
			{Head: "Pricing and Payment", Subs: []sub{
				{"Discount", "{B} shall purchase {Product} at a discount of {Percent} from {A}'s then-current list price, and may set its own resale prices."},
				{"Payment", "{B} shall pay {A} within {PayDays} of invoice, regardless of whether {B} has been paid by its End Users."},
			}},
		},
	},
	{
		Slug: "maintenance-agreement", Name: "Maintenance Agreement", Weight: 3, Exhibit: "10",
		Titles:   []string{"MAINTENANCE AGREEMENT", "SOFTWARE MAINTENANCE AND SUPPORT AGREEMENT", "EQUIPMENT MAINTENANCE AGREEMENT"},
		Roles:    [2]string{"Provider", "Customer"},
		Subject:  []string{"the Covered Equipment", "the Supported Software"},
		Recitals: []string{"{B} uses {Product} in its operations", "{A} has the expertise to maintain and support {Product} and {B} wishes to engage {A} to do so"},
		Defs: []def{
			{"Error", "means any failure of {Product} to perform materially in accordance with its documentation."},
			{"Response Time", "means the period between {B}'s report of an Error and {A}'s first substantive response."},
			{"Business Hours", "means 8:00 a.m. to 6:00 p.m. local time on business days."},
		},
		Sections: []sec{
			{Head: "Maintenance and Support Services", Subs: []sub{
				{"Preventive Maintenance", "{A} shall perform scheduled preventive maintenance on {Product} at the intervals recommended by the manufacturer."},
				{"Error Correction", "{A} shall use commercially reasonable efforts to correct reported Errors, with a Response Time of no more than four (4) Business Hours for critical Errors and one (1) business day for all others."},
				{"Exclusions", "{A} is not obliged to correct Errors caused by misuse, unauthorized modification, or operation of {Product} outside its specified environment."},
			}},
			{Head: "Maintenance Fees", Subs: []sub{
				{"", "{B} shall pay an annual maintenance fee of {Fee}, invoiced annually in advance. {A} may increase the fee for any renewal term upon {NoticeDays} notice, by no more than five percent (5%) per year."},
			}},
		},
	},
	{
		Slug: "hosting-agreement", Name: "Hosting Agreement", Weight: 3, Exhibit: "10",
		Titles:   []string{"HOSTING AGREEMENT", "WEB SITE HOSTING AGREEMENT", "HOSTING AND MANAGED SERVICES AGREEMENT"},
		Roles:    [2]string{"Host", "Customer"},
		Subject:  []string{"the Hosting Services", "the Customer Website"},
		Recitals: []string{"{A} operates data centers and provides hosting and managed infrastructure services", "{B} wishes {A} to host its applications and website on the terms of this Agreement"},
		Defs: []def{
			{"Customer Content", "means all data, text, software and other material that {B} or its users upload to the Hosting Services."},
			{"Availability", "means the percentage of minutes in a calendar month during which the Hosting Services are accessible, excluding scheduled maintenance."},
			{"Service Credit", "means the credit against fees described in the service level schedule."},
		},
		Sections: []sec{
			{Head: "Hosting Services", Subs: []sub{
				{"Provision of Services", "{A} shall provide server space, bandwidth, power, environmental controls and network connectivity for {Product} as described in the applicable order form."},
				{"Service Levels", "{A} shall make the Hosting Services available with an Availability of at least 99.9% in each calendar month. If Availability falls below that level, {B} shall receive Service Credits as its sole remedy."},
				{"Security and Backups", "{A} shall maintain physical and logical security measures consistent with industry standards and shall back up Customer Content daily, retaining backups for thirty (30) days."},
			}},
			{Head: "Customer Content", Subs: []sub{
				{"", "{B} retains all rights in Customer Content and grants {A} only the rights needed to host and transmit it. {B} is responsible for ensuring that Customer Content does not infringe the rights of any third party or violate any law."},
			}},
		},
	},
	{
		Slug: "manufacturing-agreement", Name: "Manufacturing Agreement", Weight: 4, Exhibit: "10",
		Titles:   []string{"MANUFACTURING AGREEMENT", "CONTRACT MANUFACTURING AGREEMENT", "MANUFACTURING AND SUPPLY AGREEMENT"},
		Roles:    [2]string{"Manufacturer", "Customer"},
		Subject:  []string{"the Products", "the Finished Goods"},
		Recitals: []string{"{B} has developed {Product} and wishes to have them manufactured by a qualified contract manufacturer", "{A} operates manufacturing facilities capable of producing {Product} in accordance with current good manufacturing practices"},
		Defs: []def{
			{"cGMP", "means current good manufacturing practices as defined by applicable law and regulatory guidance."},
			{"Batch", "means a quantity of Product produced in a single manufacturing run."},
			{"Raw Materials", "means all ingredients, components and packaging materials used to manufacture {Product}."},
		},
		Sections: []sec{
			{Head: "Manufacture of Products", Subs: []sub{
				{"Manufacture", "{A} shall manufacture {Product} for {B} in accordance with the Specifications, cGMP and all applicable laws."},
				{"Raw Materials", "{A} shall procure all Raw Materials at its own cost, except those that {B} elects to supply on consignment."},
				{"Capacity", "{A} shall reserve sufficient capacity at its facility to produce the quantities in {B}'s binding forecasts."},
			}},
			{Head: "Quality Assurance", Subs: []sub{
				{"Quality Agreement", "The Parties shall enter into a quality agreement setting out their respective responsibilities for quality control, release testing and regulatory compliance."},
				{"Batch Records", "{A} shall keep complete batch records for each Batch and shall provide copies to {B} upon request."},
				{"Audits", "{B} may audit {A}'s facility and records relating to {Product} upon {NoticeDays} notice, no more than once per calendar year except for cause."},
			}},
		},
	},
	{
		Slug: "outsourcing-agreement", Name: "Outsourcing Agreement", Weight: 2, Exhibit: "10",
		Titles:   []string{"OUTSOURCING AGREEMENT", "MASTER OUTSOURCING SERVICES AGREEMENT", "BUSINESS PROCESS OUTSOURCING AGREEMENT"},
		Roles:    [2]string{"Service Provider", "Company"},
		Subject:  []string{"the Outsourced Services", "the Transferred Functions"},
		Recitals: []string{"{B} currently performs certain {Field} functions internally", "{B} wishes to outsource those functions to {A}, which has the resources and experience to perform them"},
		Defs: []def{
			{"Transition Plan", "means the plan for migrating the Transferred Functions to {A}, attached as Exhibit B."},
			{"Key Personnel", "means the individuals designated as key personnel in the Transition Plan."},
		},
		Sections: []sec{
			{Head: "Outsourced Services", Subs: []sub{
				{"Scope", "{A} shall perform {Product} described in Exhibit A, together with any services that are inherent in or necessary for their proper performance."},
				{"Transition", "{A} shall carry out the Transition Plan and shall complete the migration of the Transferred Functions within {Days} after the Effective Date."},
				{"Key Personnel", "{A} shall not reassign Key Personnel during the first year of the term without {B}'s prior written consent."},
			}},
			{Head: "Charges", Subs: []sub{
				{"", "{B} shall pay the monthly charges set forth in Exhibit C. The charges shall be reduced by any service credits earned for failures to meet the service levels."},
			}},
		},
	},
	{
		Slug: "transportation-agreement", Name: "Transportation Agreement", Weight: 2, Exhibit: "10",
		Titles:   []string{"TRANSPORTATION AGREEMENT", "TRANSPORTATION SERVICES AGREEMENT", "GAS TRANSPORTATION AGREEMENT"},
		Roles:    [2]string{"Carrier", "Shipper"},
		Subject:  []string{"the Shipments", "the Commodities"},
		Recitals: []string{"{A} is a licensed carrier providing transportation services", "{B} wishes to engage {A} to transport {Product} between the locations set out in Exhibit A"},
		Defs: []def{
			{"Bill of Lading", "means the receipt issued by {A} for each Shipment."},
			{"Transit Time", "means the period between pickup and delivery of a Shipment."},
		},
		Sections: []sec{
			{Head: "Transportation Services", Subs: []sub{
				{"Carriage", "{A} shall receive, transport and deliver {Product} tendered by {B} in accordance with the routes and transit times in Exhibit A."},
				{"Equipment", "{A} shall furnish clean, safe equipment suitable for {Product} and maintain it in accordance with applicable regulations."},
				{"Loss and Damage", "{A} shall be liable for loss of or damage to {Product} while in its possession, up to the value declared on the Bill of Lading."},
			}},
			{Head: "Rates and Charges", Subs: []sub{
				{"", "{B} shall pay the rates set forth in Exhibit A, adjusted monthly by the published fuel surcharge. Invoices are payable within {PayDays} of delivery."},
			}},
		},
	},
	{
		Slug: "development-agreement", Name: "Development Agreement", Weight: 3, Exhibit: "10",
		Titles:   []string{"DEVELOPMENT AGREEMENT", "SOFTWARE DEVELOPMENT AGREEMENT", "PRODUCT DEVELOPMENT AGREEMENT"},
		Roles:    [2]string{"Developer", "Company"},
		Subject:  []string{"the Developed Technology", "the Product"},
		Recitals: []string{"{B} wishes to develop {Product} for use in {Field}", "{A} has expertise in the design and development of such technology and is willing to undertake the development work"},
		Defs: []def{
			{"Development Plan", "means the plan describing the development work, milestones and acceptance criteria, attached as Exhibit A."},
			{"Milestone", "means each milestone set forth in the Development Plan."},
		},
		Sections: []sec{
			{Head: "Development Work", Subs: []sub{
				{"Development", "{A} shall perform the development work in accordance with the Development Plan and shall keep {B} informed of its progress by monthly written reports."},
				{"Acceptance", "{B} shall test each deliverable within {Days} after delivery and either accept it or specify in writing how it fails to meet the acceptance criteria."},
			}},
			{Head: "Milestone Payments", Subs: []sub{
				{"", "{B} shall pay {A} the milestone payments set forth in the Development Plan, totaling {Fee}, within {PayDays} after acceptance of each Milestone."},
			}},
		},
	},
}
