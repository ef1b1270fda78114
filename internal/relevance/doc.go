// Package relevance measures how well a ranking puts what a lawyer is
// looking for first: a query set with judgments (CUAD's clause labels: a
// contract is relevant to a clause-type query when a human found that
// clause in it), rankings from the API's two forms, and the standard
// measures of the top of a ranking (nDCG@10, P@10, Recall@100, MRR@10) per
// query, per clause type and overall. `make relevance` runs it through
// cmd/relevance; docs/relevance.md holds the method and the numbers.
package relevance
