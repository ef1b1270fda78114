package dedup

// unionFind is a disjoint-set forest over 0..n-1 with path halving. Union
// makes the smaller root the parent, so every set's root is its smallest
// element; Groups relies on that for order-independent group ids.
type unionFind struct {
	parent []int32
}

func newUnionFind(n int) *unionFind {
	p := make([]int32, n)
	for i := range p {
		p[i] = int32(i)
	}
	return &unionFind{parent: p}
}

func (u *unionFind) find(i int) int {
	x := int32(i)
	for u.parent[x] != x {
		u.parent[x] = u.parent[u.parent[x]]
		x = u.parent[x]
	}
	return int(x)
}

func (u *unionFind) union(i, j int) {
	ri, rj := u.find(i), u.find(j)
	switch {
	case ri < rj:
		u.parent[rj] = int32(ri)
	case rj < ri:
		u.parent[ri] = int32(rj)
	}
}
