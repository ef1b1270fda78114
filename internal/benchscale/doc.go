// Package benchscale is the scale benchmark of `make bench-scale` (issue
// 11): CUAD's bulk file replicated N times (Replicate), the engine's index
// and the Lucene oracle's built from it, the side-by-side query set
// (Queries) answered by both in alternating rounds, and the gateway driven
// at several concurrencies (Drive). cmd/benchscale runs the steps and
// writes bench/scale-<N>.txt.
package benchscale
