//go:build race

package parity

// raceDetector is true when the tests run under the race detector, which
// makes building an index and highlighting whole contracts several times
// slower.
const raceDetector = true
