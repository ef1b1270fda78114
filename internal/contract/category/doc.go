// Package category owns the contract-type taxonomy and the classification
// of a title into it: "PRODUCT DEVELOPMENT AND CO-BRANDING AGREEMENT" →
// Co-Branding Agreement, co-branding-agreement.
//
// The rule, which follows how English compounds put the head last: find
// the taxonomy's keywords in the title, keep those before its last head
// noun ("Agreement", "Contract", …) when there are any, and pick the last
// one — except that broad words (services, support, supply, sale, option)
// give way to any more specific keyword. "Amendment No. 2 to Manufacturing
// and Supply Agreement" is therefore a manufacturing agreement, and
// "Outsourcing Contract on Development of a Resort" an outsourcing one.
package category
