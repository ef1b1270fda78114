package relevance

import "math"

// Scores are the measures of one ranking against one query's judgments.
type Scores struct {
	NDCG10    float64 // nDCG@10, binary gains
	P10       float64 // precision at 10 (a short list counts its missing places as misses)
	Recall100 float64 // relevant records in the first 100 over all relevant
	MRR10     float64 // 1/rank of the first relevant record in the first 10, else 0
}

// Measure scores ranked ids against the set of relevant ids. A query with
// no relevant record scores 0 everywhere; the query set never has one.
func Measure(ranked []string, relevant map[string]bool) Scores {
	var s Scores
	if len(relevant) == 0 {
		return s
	}
	var dcg, idcg float64
	found := 0
	for i, id := range ranked {
		if i >= 100 {
			break
		}
		if !relevant[id] {
			continue
		}
		found++
		if i < 10 {
			dcg += 1 / math.Log2(float64(i)+2)
			s.P10++
			if s.MRR10 == 0 {
				s.MRR10 = 1 / float64(i+1)
			}
		}
	}
	for i := 0; i < min(10, len(relevant)); i++ {
		idcg += 1 / math.Log2(float64(i)+2)
	}
	s.NDCG10 = dcg / idcg
	s.P10 /= 10
	s.Recall100 = float64(found) / float64(len(relevant))
	return s
}

// mean averages scores; the mean of nothing is zero.
func mean(ss []Scores) Scores {
	var m Scores
	if len(ss) == 0 {
		return m
	}
	for _, s := range ss {
		m.NDCG10 += s.NDCG10
		m.P10 += s.P10
		m.Recall100 += s.Recall100
		m.MRR10 += s.MRR10
	}
	n := float64(len(ss))
	m.NDCG10 /= n
	m.P10 /= n
	m.Recall100 /= n
	m.MRR10 /= n
	return m
}
