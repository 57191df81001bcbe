//go:build race

package main

// raceDetector is true when the tests run under the race detector, which
// multiplies a process's memory: bounds on memory do not hold there.
const raceDetector = true
