package bench

import (
	"bytes"
	"fmt"
	"image/color"
	"path"
	"sort"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/stalwart-agents/stalwart/catalogue"
)

// Plot writes a PNG with two charts: accuracy per corpus for the router
// and the baseline, and, when the report has them, Select latency and
// build time against catalogue size. The file is written whole or not at
// all.
func (rep *Report) Plot(file string) error {
	acc, err := rep.accuracyPlot()
	if err != nil {
		return err
	}
	plots := []*plot.Plot{acc}
	if len(rep.Scale) > 0 {
		lat, err := rep.scalePlot()
		if err != nil {
			return err
		}
		plots = append(plots, lat)
	}
	const w, h = 26 * vg.Centimeter, 11 * vg.Centimeter
	img := vgimg.New(w, h*vg.Length(len(plots)))
	dc := draw.New(img)
	tiles := draw.Tiles{Rows: len(plots), Cols: 1, PadY: vg.Centimeter}
	rows := make([][]*plot.Plot, len(plots))
	for i, p := range plots {
		rows[i] = []*plot.Plot{p}
	}
	canvases := plot.Align(rows, tiles, dc)
	for i, p := range plots {
		p.Draw(canvases[i][0])
	}
	var buf bytes.Buffer
	png := vgimg.PngCanvas{Canvas: img}
	if _, err := png.WriteTo(&buf); err != nil {
		return err
	}
	// Written as any file of the user's: readable by all, never half.
	return catalogue.WriteAtomic(file, buf.Bytes())
}

func (rep *Report) accuracyPlot() (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Accuracy per corpus (router %.1f%%, baseline %.1f%%)", 100*rep.Accuracy, 100*rep.baselineAccuracy())
	p.Y.Label.Text = "accuracy"
	p.Y.Min, p.Y.Max = 0, 1
	var labels []string
	var router, base plotter.Values
	names := make([]string, 0, len(rep.ByCorpus))
	for n := range rep.ByCorpus {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		m := rep.ByCorpus[n]
		labels = append(labels, strings.TrimSuffix(path.Base(n), ".jsonl"))
		router = append(router, m.Accuracy)
		base = append(base, m.Baseline.Accuracy)
	}
	bw := vg.Points(9)
	rb, err := plotter.NewBarChart(router, bw)
	if err != nil {
		return nil, err
	}
	rb.Color = color.RGBA{R: 31, G: 119, B: 180, A: 255}
	rb.Offset = -bw / 2
	bb, err := plotter.NewBarChart(base, bw)
	if err != nil {
		return nil, err
	}
	bb.Color = color.RGBA{R: 200, G: 200, B: 200, A: 255}
	bb.Offset = bw / 2
	p.Add(rb, bb)
	p.Legend.Add("router", rb)
	p.Legend.Add("baseline", bb)
	p.Legend.Top = true
	p.NominalX(labels...)
	p.X.Tick.Label.Rotation = 0.6
	p.X.Tick.Label.XAlign = draw.XRight
	return p, nil
}

func (rep *Report) baselineAccuracy() float64 {
	if rep.Baseline == nil {
		return 0
	}
	return rep.Baseline.Accuracy
}

func (rep *Report) scalePlot() (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "Select latency and index build against catalogue size"
	p.X.Label.Text = "tools"
	p.Y.Label.Text = "microseconds (build: milliseconds)"
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = plot.LogTicks{Prec: -1}
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	var p50, p99, build plotter.XYs
	for _, s := range rep.Scale {
		x := float64(s.Tools)
		p50 = append(p50, plotter.XY{X: x, Y: float64(s.LatencyNS.P50) / 1e3})
		p99 = append(p99, plotter.XY{X: x, Y: float64(s.LatencyNS.P99) / 1e3})
		build = append(build, plotter.XY{X: x, Y: float64(s.BuildNS) / 1e6})
	}
	for _, l := range []struct {
		name string
		xy   plotter.XYs
		c    color.RGBA
	}{
		{"Select p50 (us)", p50, color.RGBA{R: 31, G: 119, B: 180, A: 255}},
		{"Select p99 (us)", p99, color.RGBA{R: 255, G: 127, B: 14, A: 255}},
		{"build (ms)", build, color.RGBA{R: 44, G: 160, B: 44, A: 255}},
	} {
		line, points, err := plotter.NewLinePoints(l.xy)
		if err != nil {
			return nil, err
		}
		line.Color, points.Color = l.c, l.c
		p.Add(line, points)
		p.Legend.Add(l.name, line, points)
	}
	p.Legend.Top = true
	p.Legend.Left = true
	return p, nil
}
