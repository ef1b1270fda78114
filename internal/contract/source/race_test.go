//go:build race

package source

// raceDetector is true when the tests run under the race detector, which
// makes the whole-corpus round trip ten times slower.
const raceDetector = true
