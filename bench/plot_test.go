package bench

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// plotReport is a report with the given router and baseline accuracies
// per corpus, and scale rows when scale is set.
func plotReport(router, baseline []float64, scale bool) *Report {
	rep := &Report{ByCorpus: map[string]*Metrics{}}
	rep.Accuracy, rep.Baseline = 0.7, &Baseline{Accuracy: 0.4}
	for i := range router {
		m := &Metrics{Baseline: &Baseline{Accuracy: baseline[i]}}
		m.Accuracy = router[i]
		rep.ByCorpus[fmt.Sprintf("corpus/cases/c%d.en.jsonl", i)] = m
	}
	if scale {
		for i, n := range []int{10, 100, 1000, 10000} {
			rep.Scale = append(rep.Scale, Scale{Tools: n, LatencyNS: Latency{P50: int64(20000 * (i + 1)), P99: int64(70000 * (i + 1))}, BuildNS: int64(800000 * (i + 1) * (i + 1)),
				Accuracy: 0.5 - 0.05*float64(i), RecallAt5: 0.9 - 0.1*float64(i)})
		}
	}
	return rep
}

// plotImage plots rep to a file and decodes it.
func plotImage(t *testing.T, rep *Report) (image.Image, []byte) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "bench.png")
	if err := rep.Plot(file); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("Plot wrote no PNG: %v", err)
	}
	return img, data
}

// span is a run of neighbouring columns holding a colour, and the rows it
// reaches in them.
type span struct{ x0, x1, top, bottom int }

// spans are the runs of columns of r holding pixels of exactly col.
func spans(img image.Image, r image.Rectangle, col color.RGBA) []span {
	var out []span
	open := false
	for x := r.Min.X; x < r.Max.X; x++ {
		top, bottom := -1, -1
		for y := r.Min.Y; y < r.Max.Y; y++ {
			if color.RGBAModel.Convert(img.At(x, y)) == col {
				if top < 0 {
					top = y
				}
				bottom = y
			}
		}
		switch {
		case top < 0:
			open = false
		case open:
			s := &out[len(out)-1]
			s.x1, s.top, s.bottom = x, min(s.top, top), max(s.bottom, bottom)
		default:
			out = append(out, span{x0: x, x1: x, top: top, bottom: bottom})
			open = true
		}
	}
	return out
}

// bars are the spans of col that stand on the lowest row any of them
// reaches, the x axis: the bars, not the legend's swatch.
func bars(img image.Image, r image.Rectangle, col color.RGBA) []span {
	all := spans(img, r, col)
	floor := 0
	for _, s := range all {
		floor = max(floor, s.bottom)
	}
	var out []span
	for _, s := range all {
		if s.bottom >= floor-1 {
			out = append(out, s)
		}
	}
	return out
}

// near reports whether img has a pixel within a few levels of col in r.
func near(img image.Image, r image.Rectangle, col color.RGBA) bool {
	d := func(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			if d(p.R, col.R)+d(p.G, col.G)+d(p.B, col.B) <= 6 {
				return true
			}
		}
	}
	return false
}

// TestPlot checks the PNG of a report with scale rows: three charts, one
// router bar and one baseline bar per corpus, in name order, as tall as
// their accuracies, and the two scale charts' lines under them.
func TestPlot(t *testing.T) {
	router, baseline := []float64{0.9, 0.5, 0.7}, []float64{0.3, 0.45, 0.1}
	rep := plotReport(router, baseline, true)
	img, data := plotImage(t, rep)
	if b := img.Bounds(); b != image.Rect(0, 0, chartWidth, 3*chartHeight) {
		t.Fatalf("Plot drew %v, want three charts of %dx%d", b, chartWidth, chartHeight)
	}
	top := image.Rect(0, 0, chartWidth, chartHeight)
	rb, bb := bars(img, top, routerColour), bars(img, top, baselineColour)
	if len(rb) != len(router) || len(bb) != len(baseline) {
		t.Fatalf("the accuracy chart has %d router and %d baseline bars, want %d each", len(rb), len(bb), len(router))
	}
	for i := range rb {
		if rb[i].x1 >= bb[i].x0 || i > 0 && bb[i-1].x1 >= rb[i].x0 {
			t.Errorf("bar %d: router %v, baseline %v: want each corpus's pair side by side, router first", i, rb[i], bb[i])
		}
	}
	// The bars' heights follow the accuracies, on one scale, to a pixel or
	// two.
	height := func(s span) float64 { return float64(s.bottom - s.top) }
	unit := (height(rb[0]) - height(rb[1])) / (router[0] - router[1])
	at0 := height(rb[0]) - unit*router[0]
	for i := range rb {
		for _, c := range []struct {
			who  string
			s    span
			want float64
		}{{"router", rb[i], router[i]}, {"baseline", bb[i], baseline[i]}} {
			if got, want := height(c.s), at0+unit*c.want; got < want-2 || got > want+2 {
				t.Errorf("corpus %d: the %s bar is %.0f pixels, want %.0f", i, c.who, got, want)
			}
		}
	}
	lower := image.Rect(0, chartHeight, chartWidth, 2*chartHeight)
	for _, col := range []color.RGBA{routerColour, p99Colour, buildColour} {
		if !near(img, lower, col) {
			t.Errorf("the scale chart has nothing in %v", col)
		}
	}
	third := image.Rect(0, 2*chartHeight, chartWidth, 3*chartHeight)
	for _, col := range []color.RGBA{routerColour, recallColour} {
		if !near(img, third, col) {
			t.Errorf("the scale accuracy chart has nothing in %v", col)
		}
	}
	// Recall is over accuracy at every size: its line is drawn higher.
	if a, r := spans(img, third, routerColour), spans(img, third, recallColour); len(a) == 0 || len(r) == 0 || r[len(r)-1].top >= a[len(a)-1].top {
		t.Errorf("the recall@5 line is not over the accuracy line")
	}
	if _, again := plotImage(t, rep); !bytes.Equal(data, again) {
		t.Errorf("the same report plotted twice gives different bytes")
	}
}

// TestPlotNoScale checks that a report without scale rows is one chart.
func TestPlotNoScale(t *testing.T) {
	img, _ := plotImage(t, plotReport([]float64{0.6}, []float64{0.4}, false))
	if b := img.Bounds(); b != image.Rect(0, 0, chartWidth, chartHeight) {
		t.Fatalf("Plot drew %v, want one chart of %dx%d", b, chartWidth, chartHeight)
	}
	if len(bars(img, img.Bounds(), routerColour)) != 1 || len(bars(img, img.Bounds(), baselineColour)) != 1 {
		t.Errorf("want one router and one baseline bar")
	}
	if near(img, img.Bounds(), p99Colour) {
		t.Errorf("a report without scale rows has a scale chart")
	}
}

// TestPlotManyCorpora checks that many corpora with long names still get
// a pair of bars each, however their labels are laid.
func TestPlotManyCorpora(t *testing.T) {
	var router, baseline []float64
	for i := range 24 {
		router, baseline = append(router, 0.5+float64(i)/100), append(baseline, 0.2)
	}
	rep := plotReport(router, baseline, false)
	for n, m := range rep.ByCorpus {
		delete(rep.ByCorpus, n)
		rep.ByCorpus[n+"-with-a-rather-long-name-indeed"] = m
	}
	img, _ := plotImage(t, rep)
	if rb, bb := bars(img, img.Bounds(), routerColour), bars(img, img.Bounds(), baselineColour); len(rb) != 24 || len(bb) != 24 {
		t.Errorf("24 corpora give %d router and %d baseline bars", len(rb), len(bb))
	}
}

// TestPlotFile checks that Plot writes as WriteAtomic does: a new file
// readable by all, an existing one keeping its mode, and nothing where it
// cannot write.
func TestPlotFile(t *testing.T) {
	rep := plotReport([]float64{0.6}, []float64{0.4}, false)
	file := filepath.Join(t.TempDir(), "bench.png")
	if err := rep.Plot(file); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(file); err != nil || info.Mode().Perm() != 0o644 {
		t.Errorf("new plot: %v, %v; want mode 0644", info, err)
	}
	if err := os.Chmod(file, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := rep.Plot(file); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(file); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("replotted: %v, %v; want the mode kept, 0600", info, err)
	}
	if err := rep.Plot(filepath.Join(t.TempDir(), "no", "such", "folder", "b.png")); err == nil {
		t.Errorf("Plot into a missing folder succeeded")
	}
}
