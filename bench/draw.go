package bench

// The few drawing primitives the charts of Plot need: filled and outlined
// rectangles, anti-aliased lines and rings, text in the 7x13 bitmap face of
// golang.org/x/image (across or rotated a quarter turn), linear, logarithmic
// and nominal axes with their ticks, and a legend. Everything is drawn in
// whole pixels or by plain float arithmetic, so that the same charts give
// the same bytes.

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// face is the one typeface of the charts: 7 pixels wide, 13 high.
var face = basicfont.Face7x13

const (
	textHeight = 13 // face's height: ascent and descent
	textAscent = 11 // from the top of a line of text to its baseline
	tickMajor  = 6  // length of a labelled tick
	tickMinor  = 3  // length of an unlabelled one
)

var (
	white = color.RGBA{R: 255, G: 255, B: 255, A: 255}
	black = color.RGBA{A: 255}
	grey  = color.RGBA{R: 160, G: 160, B: 160, A: 255}
)

// align places a box along one direction relative to a point: its start,
// centre or end at the point.
type align int

const (
	alignStart align = iota
	alignCenter
	alignEnd
)

// offset is where a box of size n starts so that it is aligned a to the
// point at 0.
func (a align) offset(n int) int {
	switch a {
	case alignCenter:
		return -n / 2
	case alignEnd:
		return -n
	}
	return 0
}

// canvas is an opaque RGBA image with the operations the charts need.
type canvas struct {
	img *image.RGBA
}

// newCanvas returns a white canvas of w by h pixels.
func newCanvas(w, h int) *canvas {
	c := &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h))}
	c.fill(c.img.Rect, white)
	return c
}

// fill paints the rectangle r in col.
func (c *canvas) fill(r image.Rectangle, col color.RGBA) {
	draw.Draw(c.img, r, image.NewUniform(col), image.Point{}, draw.Src)
}

// outline draws the one-pixel border just inside the rectangle r.
func (c *canvas) outline(r image.Rectangle, col color.RGBA) {
	if r.Empty() {
		return
	}
	c.fill(image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+1), col)
	c.fill(image.Rect(r.Min.X, r.Max.Y-1, r.Max.X, r.Max.Y), col)
	c.fill(image.Rect(r.Min.X, r.Min.Y, r.Min.X+1, r.Max.Y), col)
	c.fill(image.Rect(r.Max.X-1, r.Min.Y, r.Max.X, r.Max.Y), col)
}

// blend paints the pixel at x, y with col over what is there, covering a
// share a of it (0 leaves it, 1 replaces it).
func (c *canvas) blend(x, y int, col color.RGBA, a float64) {
	if a <= 0 || !(image.Point{X: x, Y: y}).In(c.img.Rect) {
		return
	}
	if a >= 1 {
		c.img.SetRGBA(x, y, col)
		return
	}
	old := c.img.RGBAAt(x, y)
	mix := func(o, n uint8) uint8 {
		return uint8(math.Round(float64(o) + a*(float64(n)-float64(o))))
	}
	c.img.SetRGBA(x, y, color.RGBA{R: mix(old.R, col.R), G: mix(old.G, col.G), B: mix(old.B, col.B), A: 255})
}

// point is a position in pixels, not rounded: a pixel's centre is at its
// coordinates plus a half.
type point struct{ X, Y float64 }

// polyline strokes the path through pts, w pixels wide, anti-aliased: each
// pixel is covered by how far its centre is inside the stroke of the
// nearest segment, so that the joints are drawn once.
func (c *canvas) polyline(pts []point, w float64, col color.RGBA) {
	if len(pts) == 0 {
		return
	}
	if len(pts) == 1 {
		pts = append(pts, pts[0])
	}
	box := c.reach(pts, w/2+1)
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			p := point{X: float64(x) + 0.5, Y: float64(y) + 0.5}
			d := math.Inf(1)
			for i := 1; i < len(pts); i++ {
				d = math.Min(d, segmentDistance(p, pts[i-1], pts[i]))
			}
			c.blend(x, y, col, coverage(w/2-d))
		}
	}
}

// ring strokes a circle of radius r about ctr, w pixels wide.
func (c *canvas) ring(ctr point, r, w float64, col color.RGBA) {
	box := c.reach([]point{ctr}, r+w/2+1)
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			d := math.Hypot(float64(x)+0.5-ctr.X, float64(y)+0.5-ctr.Y)
			c.blend(x, y, col, coverage(w/2-math.Abs(d-r)))
		}
	}
}

// reach is the rectangle of pixels within margin of pts, within the canvas.
func (c *canvas) reach(pts []point, margin float64) image.Rectangle {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range pts {
		minX, maxX = math.Min(minX, p.X), math.Max(maxX, p.X)
		minY, maxY = math.Min(minY, p.Y), math.Max(maxY, p.Y)
	}
	r := image.Rect(int(math.Floor(minX-margin)), int(math.Floor(minY-margin)), int(math.Ceil(maxX+margin)), int(math.Ceil(maxY+margin)))
	return r.Intersect(c.img.Rect)
}

// coverage is the share of a pixel covered by a stroke whose edge is inside
// its centre by in pixels (negative: outside).
func coverage(in float64) float64 {
	return math.Max(0, math.Min(1, in+0.5))
}

// segmentDistance is the distance from p to the segment from a to b.
func segmentDistance(p, a, b point) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = math.Max(0, math.Min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l))
	}
	return math.Hypot(p.X-(a.X+t*dx), p.Y-(a.Y+t*dy))
}

// textWidth is how wide s is drawn, in pixels.
func textWidth(s string) int {
	return font.MeasureString(face, s).Ceil()
}

// text draws s across, its box (textWidth(s) by textHeight) aligned ha and
// va to x, y. Bold text is drawn twice, a pixel apart.
func (c *canvas) text(x, y int, s string, col color.RGBA, ha, va align, bold bool) {
	x += ha.offset(textWidth(s))
	y += va.offset(textHeight)
	d := font.Drawer{Dst: c.img, Src: image.NewUniform(col), Face: face}
	d.Dot = fixed.P(x, y+textAscent)
	d.DrawString(s)
	if bold {
		d.Dot = fixed.P(x+1, y+textAscent)
		d.DrawString(s)
	}
}

// textUp draws s rotated a quarter turn anticlockwise, reading upwards,
// its box (textHeight by textWidth(s)) aligned ha and va to x, y.
func (c *canvas) textUp(x, y int, s string, col color.RGBA, ha, va align) {
	w := textWidth(s)
	if w == 0 {
		return
	}
	mask := image.NewAlpha(image.Rect(0, 0, w, textHeight))
	d := font.Drawer{Dst: mask, Src: image.Opaque, Face: face, Dot: fixed.P(0, textAscent)}
	d.DrawString(s)
	x += ha.offset(textHeight)
	y += va.offset(w)
	for j := 0; j < textHeight; j++ {
		for i := 0; i < w; i++ {
			if a := mask.AlphaAt(i, j).A; a > 0 {
				c.blend(x+j, y+w-1-i, col, float64(a)/255)
			}
		}
	}
}

// tick is a mark on an axis at the value v; labelled ones are longer.
type tick struct {
	v     float64
	label string
}

// axis places values along one side of a chart: linear, logarithmic or
// nominal (one slot per name, at 0, 1, 2 ...).
type axis struct {
	label    string
	min, max float64
	log      bool
	nominal  bool
	ticks    []tick
}

// norm is where v falls along the axis, 0 at min and 1 at max.
func (a *axis) norm(v float64) float64 {
	if a.log {
		return (math.Log10(v) - math.Log10(a.min)) / (math.Log10(a.max) - math.Log10(a.min))
	}
	return (v - a.min) / (a.max - a.min)
}

// linearAxis runs from lo to hi, labelled every 1, 2 or 5 times a power of
// ten so that there are about five labels, with a tick between each two.
func linearAxis(label string, lo, hi float64) axis {
	if !(hi > lo) {
		lo, hi = lo-1, lo+1
	}
	step := niceStep((hi - lo) / 5)
	prec := max(0, -int(math.Floor(math.Log10(step)+1e-9)))
	a := axis{label: label, min: lo, max: hi}
	half := step / 2
	for k := math.Ceil(lo/half - 1e-9); k*half <= hi+1e-9*half; k++ {
		v := k * half
		t := tick{v: v}
		if math.Mod(k, 2) == 0 {
			t.label = strconv.FormatFloat(v+0, 'f', prec, 64) // +0 turns -0 into 0
		}
		a.ticks = append(a.ticks, t)
	}
	return a
}

// niceStep is the least of 1, 2 or 5 times a power of ten not under x.
func niceStep(x float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= x*(1-1e-9) {
			return m * p
		}
	}
	return 10 * p
}

// logAxis runs on a logarithmic scale over lo to hi, both positive, with
// a little room at each end; it is labelled at the powers of ten, at 2 and
// 5 times them too when fewer than two powers of ten fall in it, and at lo
// and hi alone when even those are fewer than two.
func logAxis(label string, lo, hi float64) axis {
	if !(lo > 0) || !(hi >= lo) {
		lo, hi = 1, 10
	}
	l0, l1 := math.Log10(lo), math.Log10(hi)
	pad := (l1 - l0) * 0.04
	if pad == 0 {
		pad = 0.5
	}
	a := axis{label: label, min: math.Pow(10, l0-pad), max: math.Pow(10, l1+pad), log: true}
	type mark struct {
		v float64
		m int // v is m times a power of ten
	}
	var marks []mark
	decades := 0
	for e := int(math.Floor(l0 - pad)); e <= int(math.Ceil(l1+pad)); e++ {
		for m := 1; m <= 9; m++ {
			v := float64(m) * math.Pow(10, float64(e))
			if v < a.min || v > a.max {
				continue
			}
			marks = append(marks, mark{v: v, m: m})
			if m == 1 {
				decades++
			}
		}
	}
	labelled := 0
	for _, k := range marks {
		t := tick{v: k.v}
		if k.m == 1 || decades < 2 && (k.m == 2 || k.m == 5) {
			t.label = strconv.FormatFloat(k.v, 'g', 6, 64)
			labelled++
		}
		a.ticks = append(a.ticks, t)
	}
	if labelled < 2 {
		// A range too narrow for any of those: label its ends.
		a.ticks = []tick{{v: lo, label: strconv.FormatFloat(lo, 'g', 3, 64)}}
		if hi > lo {
			a.ticks = append(a.ticks, tick{v: hi, label: strconv.FormatFloat(hi, 'g', 3, 64)})
		}
	}
	return a
}

// nominalAxis has one slot per name, the names its labels.
func nominalAxis(label string, names []string) axis {
	a := axis{label: label, min: -0.5, max: float64(len(names)) - 0.5, nominal: true}
	for i, n := range names {
		a.ticks = append(a.ticks, tick{v: float64(i), label: n})
	}
	return a
}

// labelWidth is the width of the axis's widest tick label.
func (a *axis) labelWidth() int {
	w := 0
	for _, t := range a.ticks {
		w = max(w, textWidth(t.label))
	}
	return w
}

// frame is a chart's plotting area and the axes that place data in it.
type frame struct {
	r    image.Rectangle
	x, y axis
	// upright draws the x tick labels rotated a quarter turn, reading
	// upwards, for when they do not fit across.
	upright bool
}

// tickLabelDepth is how far the x tick labels reach down from where they
// start.
func (f *frame) tickLabelDepth() int {
	if f.upright {
		return f.x.labelWidth()
	}
	return textHeight
}

// at is the pixel position of the value x, y.
func (f *frame) at(x, y float64) point {
	return point{
		X: float64(f.r.Min.X) + f.x.norm(x)*float64(f.r.Dx()),
		Y: float64(f.r.Max.Y) - f.y.norm(y)*float64(f.r.Dy()),
	}
}

// axes draws the left and bottom axis lines of f, their ticks outside the
// area, the tick labels, and the axis labels: the y one rotated, centred
// along the axis at x pixels from the left of the canvas.
func (c *canvas) axes(f *frame, labelX int) {
	r := f.r
	c.fill(image.Rect(r.Min.X-1, r.Min.Y, r.Min.X, r.Max.Y+1), black)
	c.fill(image.Rect(r.Min.X-1, r.Max.Y, r.Max.X, r.Max.Y+1), black)
	for _, t := range f.y.ticks {
		y := int(math.Round(f.at(f.x.min, t.v).Y))
		n := tickMinor
		if t.label != "" {
			n = tickMajor
			c.text(r.Min.X-tickMajor-4, y, t.label, black, alignEnd, alignCenter, false)
		}
		c.fill(image.Rect(r.Min.X-1-n, y, r.Min.X-1, y+1), black)
	}
	for _, t := range f.x.ticks {
		x := int(math.Round(f.at(t.v, f.y.min).X))
		n := tickMinor
		if t.label != "" {
			n = tickMajor
			if f.upright {
				c.textUp(x, r.Max.Y+tickMajor+4, t.label, black, alignCenter, alignStart)
			} else {
				c.text(x, r.Max.Y+tickMajor+4, t.label, black, alignCenter, alignStart, false)
			}
		}
		c.fill(image.Rect(x, r.Max.Y+1, x+1, r.Max.Y+1+n), black)
	}
	if f.y.label != "" {
		c.textUp(labelX, (r.Min.Y+r.Max.Y)/2, f.y.label, black, alignStart, alignCenter)
	}
	if f.x.label != "" {
		y := r.Max.Y + tickMajor + 4 + f.tickLabelDepth() + 4
		c.text((r.Min.X+r.Max.X)/2, y, f.x.label, black, alignCenter, alignStart, false)
	}
}

// legendEntry is one line of a legend: a filled swatch for bars, else a
// stroke with a ring for lines with points.
type legendEntry struct {
	name string
	col  color.RGBA
	bar  bool
}

// legend draws entries in a boxed list in the top corner of f's area, the
// left one when left is set, else the right one.
func (c *canvas) legend(f *frame, entries []legendEntry, left bool) {
	const pad, row, swatch = 5, textHeight + 3, 22
	w := 0
	for _, e := range entries {
		w = max(w, textWidth(e.name))
	}
	w += 2*pad + swatch + 6
	h := 2*pad + row*len(entries) - 3
	x := f.r.Max.X - 8 - w
	if left {
		x = f.r.Min.X + 8
	}
	box := image.Rect(x, f.r.Min.Y+8, x+w, f.r.Min.Y+8+h)
	c.fill(box, white)
	c.outline(box, grey)
	for i, e := range entries {
		top := box.Min.Y + pad + i*row
		sw := image.Rect(box.Min.X+pad, top+1, box.Min.X+pad+swatch, top+textHeight-1)
		if e.bar {
			c.fill(sw, e.col)
			c.outline(sw, black)
		} else {
			mid := float64(top) + float64(textHeight)/2
			c.polyline([]point{{X: float64(sw.Min.X), Y: mid}, {X: float64(sw.Max.X), Y: mid}}, 1.5, e.col)
			c.ring(point{X: float64(sw.Min.X+sw.Max.X) / 2, Y: mid}, 3, 1.2, e.col)
		}
		c.text(sw.Max.X+6, top, e.name, black, alignStart, alignStart, false)
	}
}
