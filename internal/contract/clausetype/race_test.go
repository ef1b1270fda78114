//go:build race

package clausetype

// raceDetector is true when the tests run under the race detector, which
// makes the whole-corpus comparisons several times slower.
const raceDetector = true
