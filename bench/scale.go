package bench

import (
	"testing"
	"time"

	"github.com/stalwart-agents/stalwart/corpus"
	"github.com/stalwart-agents/stalwart/router"
)

// ScaleTurns are the turns timed over generated catalogues.
var ScaleTurns = []string{
	"show me order 42",
	"could you please refund the 20 dollars on order 42",
	"what's the status of my last invoice?",
	"turn the kitchen lights off",
	"don't charge the card",
	"list all open tickets for customer ana@example.com",
	"refnud the order",
	"charge the card and then archive the order",
}

// scaleRuns is how many Selects are timed at each size.
const scaleRuns = 2000

// measureScale times index build and Select over a generated catalogue of
// n tools.
func measureScale(n int) (Scale, error) {
	cat, err := corpus.Generate(n, 1)
	if err != nil {
		return Scale{}, err
	}
	var builds []int64
	var r *router.Router
	for range 3 {
		start := time.Now()
		r, err = router.New(cat, router.Options{})
		if err != nil {
			return Scale{}, err
		}
		builds = append(builds, time.Since(start).Nanoseconds())
	}
	lat := make([]int64, 0, scaleRuns)
	for i := range scaleRuns {
		turn := ScaleTurns[i%len(ScaleTurns)]
		start := time.Now()
		r.Select(turn)
		lat = append(lat, time.Since(start).Nanoseconds())
	}
	i := 0
	allocs := testing.AllocsPerRun(200, func() {
		r.Select(ScaleTurns[i%len(ScaleTurns)])
		i++
	})
	return Scale{Tools: n, LatencyNS: percentiles(lat), BuildNS: median(builds), Allocs: allocs}, nil
}
