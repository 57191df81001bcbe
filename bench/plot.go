package bench

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"path"
	"sort"
	"strings"

	"github.com/stalwart-agents/stalwart/catalogue"
)

// The size of one chart, in pixels: 26 by 11 centimetres at 96 dots per
// inch. Plot stacks its charts one under the other.
const (
	chartWidth  = 983
	chartHeight = 416
)

// The colours of the series.
var (
	routerColour   = color.RGBA{R: 31, G: 119, B: 180, A: 255}
	baselineColour = color.RGBA{R: 200, G: 200, B: 200, A: 255}
	p99Colour      = color.RGBA{R: 255, G: 127, B: 14, A: 255}
	buildColour    = color.RGBA{R: 44, G: 160, B: 44, A: 255}
	recallColour   = color.RGBA{R: 148, G: 103, B: 189, A: 255}
)

// Plot writes a PNG of stacked charts: accuracy per corpus for the router
// and the baseline, and, when the report has the generated-catalogue
// sweep, Select latency and build time against catalogue size (both axes
// logarithmic), and accuracy and recall@5 against it (size logarithmic).
// The file is written whole or not at all.
func (rep *Report) Plot(file string) error {
	charts := []*chart{rep.accuracyChart()}
	if len(rep.Scale) > 0 {
		charts = append(charts, rep.scaleChart(), rep.scaleAccuracyChart())
	}
	// The charts' areas start at the same x, as wide as the widest y tick
	// labels need.
	left := 0
	for _, ch := range charts {
		left = max(left, ch.leftMargin())
	}
	c := newCanvas(chartWidth, chartHeight*len(charts))
	for i, ch := range charts {
		ch.render(c, image.Rect(0, i*chartHeight, chartWidth, (i+1)*chartHeight), left)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, c.img); err != nil {
		return err
	}
	// Written as any file of the user's: readable by all, never half.
	return catalogue.WriteAtomic(file, buf.Bytes())
}

// chart is one chart of Plot: a title, two axes, what is drawn between
// them and its legend.
type chart struct {
	title      string
	x, y       axis
	legend     []legendEntry
	legendLeft bool
	data       func(c *canvas, f *frame)
}

// The margins of a chart, in pixels.
const (
	marginOuter = 8  // between a chart's edge and its outermost text
	marginTitle = 14 // between a chart's top edge and its title
	marginRight = 16 // between the plotting area and the chart's right edge
	labelGap    = 4  // between a tick and its label, and between labels
)

// leftMargin is how far from the chart's left edge its plotting area
// starts: the y axis label, the widest y tick label and the ticks.
func (ch *chart) leftMargin() int {
	return marginOuter + textHeight + 2*labelGap + ch.y.labelWidth() + tickMajor + labelGap
}

// render draws ch within b, its plotting area left pixels from b's left.
func (ch *chart) render(c *canvas, b image.Rectangle, left int) {
	f := &frame{x: ch.x, y: ch.y}
	f.r.Min = image.Pt(b.Min.X+left, b.Min.Y+marginTitle+textHeight+12)
	f.r.Max.X = b.Max.X - marginRight
	if f.x.nominal && len(f.x.ticks) > 0 {
		slot := (f.r.Max.X - f.r.Min.X) / len(f.x.ticks)
		f.upright = f.x.labelWidth() > slot-2*labelGap
	}
	f.r.Max.Y = b.Max.Y - marginOuter - tickMajor - labelGap - f.tickLabelDepth() - 1
	if f.x.label != "" {
		f.r.Max.Y -= textHeight + labelGap
	}
	c.text((f.r.Min.X+f.r.Max.X)/2, b.Min.Y+marginTitle, ch.title, black, alignCenter, alignStart, true)
	ch.data(c, f)
	c.axes(f, b.Min.X+marginOuter)
	c.legend(f, ch.legend, ch.legendLeft)
}

// accuracyChart has a pair of bars per corpus, the router's and the
// baseline's accuracy, in the order of the corpora's names.
func (rep *Report) accuracyChart() *chart {
	names := make([]string, 0, len(rep.ByCorpus))
	for n := range rep.ByCorpus {
		names = append(names, n)
	}
	sort.Strings(names)
	labels := make([]string, len(names))
	for i, n := range names {
		labels[i] = shorten(strings.TrimSuffix(path.Base(n), ".jsonl"), 28)
	}
	ch := &chart{
		title: fmt.Sprintf("Accuracy per corpus (router %.1f%%, baseline %.1f%%)", 100*rep.Accuracy, 100*rep.baselineAccuracy()),
		x:     nominalAxis("", labels),
		y:     linearAxis("accuracy", 0, 1),
		legend: []legendEntry{
			{name: "router", col: routerColour, bar: true},
			{name: "baseline", col: baselineColour, bar: true},
		},
	}
	ch.data = func(c *canvas, f *frame) {
		if len(names) == 0 {
			return
		}
		slot := float64(f.r.Dx()) / float64(len(names))
		bw := int(math.Max(2, math.Min(12, slot*0.3)))
		bar := func(x0 int, v float64, col color.RGBA) {
			v = math.Max(0, math.Min(1, v))
			top := int(math.Round(f.at(0, v).Y))
			r := image.Rect(x0, top, x0+bw, f.r.Max.Y)
			c.fill(r, col)
			if bw >= 4 {
				c.outline(r, black)
			}
		}
		for i, n := range names {
			m := rep.ByCorpus[n]
			mid := int(math.Round(f.at(float64(i), 0).X))
			bar(mid-bw, m.Accuracy, routerColour)
			if m.Baseline != nil {
				bar(mid, m.Baseline.Accuracy, baselineColour)
			}
		}
	}
	return ch
}

// shorten cuts s to n characters, marking the cut.
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-2]) + ".."
}

func (rep *Report) baselineAccuracy() float64 {
	if rep.Baseline == nil {
		return 0
	}
	return rep.Baseline.Accuracy
}

// series is one line of the scale chart: a value per row of rep.Scale.
type series struct {
	name string
	col  color.RGBA
	ys   []float64
}

// scaleChart has Select latency (p50 and p99, microseconds) and index
// build time (milliseconds) against catalogue size, both axes
// logarithmic.
func (rep *Report) scaleChart() *chart {
	xs := make([]float64, len(rep.Scale))
	lines := []series{
		{name: "Select p50 (us)", col: routerColour},
		{name: "Select p99 (us)", col: p99Colour},
		{name: "build (ms)", col: buildColour},
	}
	for i, s := range rep.Scale {
		xs[i] = float64(s.Tools)
		lines[0].ys = append(lines[0].ys, float64(s.LatencyNS.P50)/1e3)
		lines[1].ys = append(lines[1].ys, float64(s.LatencyNS.P99)/1e3)
		lines[2].ys = append(lines[2].ys, float64(s.BuildNS)/1e6)
	}
	// A logarithmic axis has no place for 0 or less: such points are left
	// out.
	xlo, xhi := positiveRange(xs)
	var ys []float64
	for _, l := range lines {
		ys = append(ys, l.ys...)
	}
	ylo, yhi := positiveRange(ys)
	ch := &chart{
		title:      "Select latency and index build against catalogue size",
		x:          logAxis("generated tools", xlo, xhi),
		y:          logAxis("microseconds (build: milliseconds)", ylo, yhi),
		legendLeft: true,
	}
	for _, l := range lines {
		ch.legend = append(ch.legend, legendEntry{name: l.name, col: l.col})
	}
	ch.data = func(c *canvas, f *frame) { drawLines(c, f, xs, lines) }
	return ch
}

// scaleAccuracyChart has accuracy and recall@5 of the sweep against
// catalogue size, the size logarithmic.
func (rep *Report) scaleAccuracyChart() *chart {
	xs := make([]float64, len(rep.Scale))
	lines := []series{
		{name: "accuracy", col: routerColour},
		{name: "recall@5", col: recallColour},
	}
	for i, s := range rep.Scale {
		xs[i] = float64(s.Tools)
		lines[0].ys = append(lines[0].ys, s.Accuracy)
		lines[1].ys = append(lines[1].ys, s.RecallAt5)
	}
	xlo, xhi := positiveRange(xs)
	ch := &chart{
		title: "Accuracy and recall@5 of the corpus hidden among generated tools",
		x:     logAxis("generated tools", xlo, xhi),
		y:     linearAxis("share of cases", 0, 1),
		// Both fall as the catalogue grows: the legend goes top right.
	}
	for _, l := range lines {
		ch.legend = append(ch.legend, legendEntry{name: l.name, col: l.col})
	}
	ch.data = func(c *canvas, f *frame) { drawLines(c, f, xs, lines) }
	return ch
}

// drawLines draws each series as a line through rings, one point per x;
// a point the axes cannot place (0 or less on a logarithmic axis) breaks
// the line.
func drawLines(c *canvas, f *frame, xs []float64, lines []series) {
	for _, l := range lines {
		var run []point
		flush := func() {
			c.polyline(run, 1.5, l.col)
			for _, p := range run {
				c.ring(p, 3, 1.2, l.col)
			}
			run = run[:0]
		}
		for i, y := range l.ys {
			if xs[i] <= 0 || y < 0 || y <= 0 && f.y.log {
				flush()
				continue
			}
			run = append(run, f.at(xs[i], y))
		}
		flush()
	}
}

// positiveRange is the least and greatest of the positive values of vs,
// 0 and 0 when there are none.
func positiveRange(vs []float64) (lo, hi float64) {
	for _, v := range vs {
		if v <= 0 || math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		if lo == 0 || v < lo {
			lo = v
		}
		hi = max(hi, v)
	}
	return lo, hi
}
