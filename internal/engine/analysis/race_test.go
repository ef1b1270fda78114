//go:build race

package analysis

// raceDetector is true when the tests run under the race detector.
const raceDetector = true
