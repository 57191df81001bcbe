package grammar

import "hash/maphash"

// strTable numbers distinct strings, 0, 1, 2, ... in the order they are
// added, and finds a string's number from its bytes with no allocation. It
// holds the strings one after another in one text and their numbers in an
// open-addressing table: nothing in it but the text is a pointer, so the
// garbage collector does not scan it, however many strings it holds.
//
// A slot holds a string's number + 1 in its low 24 bits and 8 bits of the
// string's hash above them, so that a look-up reads the text only of the
// strings whose hash has those bits; a table of more than 1<<24 - 1
// strings (wide) holds the number alone.
//
// Strings are added while it is built; seal ends that. A sealed table is
// read only: safe for concurrent use. The zero strTable holds no string.
type strTable struct {
	buf   []byte   // the text while the table is built
	text  string   // the text once it is sealed
	end   []uint32 // string i ends at end[i] and starts at end[i-1]
	slots []uint32 // a tag and a string number + 1, or 0 for an empty slot
	wide  bool     // the slots hold string numbers alone
	seed  maphash.Seed
}

// The parts of a slot that is not wide.
const (
	slotNumber = 1<<24 - 1 // the string number + 1
	slotTag    = ^uint32(slotNumber)
)

// mostTagged is how many strings a table holds before it is wide: fewer
// than slotNumber; a variable only so that a test can make tables wide.
var mostTagged = slotNumber - 1

// newStrTable returns an empty table with room for about n strings of
// about 8 bytes.
func newStrTable(n int) *strTable {
	return &strTable{slots: make([]uint32, slotsFor(n)), end: make([]uint32, 0, n), buf: make([]byte, 0, 8*n),
		seed: maphash.MakeSeed()}
}

// slotsFor returns the size of a slot table for n strings: a power of two,
// at least twice n.
func slotsFor(n int) int {
	size := 8
	for size < 2*n {
		size <<= 1
	}
	return size
}

// len returns how many strings the table holds.
func (t *strTable) len() int { return len(t.end) }

// span returns where string i starts and ends in the text.
func (t *strTable) span(i uint32) (start, end uint32) {
	if i > 0 {
		start = t.end[i-1]
	}
	return start, t.end[i]
}

// str returns string i of a sealed table: a part of its text.
func (t *strTable) str(i uint32) string {
	start, end := t.span(i)
	return t.text[start:end]
}

// slot returns what a slot holds for string n, whose hash is h.
func (t *strTable) slot(n uint32, h uint64) uint32 {
	if t.wide {
		return n + 1
	}
	return uint32(h>>56)<<24 | (n + 1)
}

// number returns the string number a slot holds, and whether it may be
// the string whose hash is h (the tag matches).
func (t *strTable) number(s uint32, h uint64) (uint32, bool) {
	if t.wide {
		return s - 1, true
	}
	return s&slotNumber - 1, s&slotTag == uint32(h>>56)<<24
}

// add returns the number of s, adding it if the table does not hold it.
func (t *strTable) add(s []byte) uint32 {
	if len(t.slots) == 0 {
		t.grow() // a zero table: seeded here
	}
	return t.addHashed(maphash.Bytes(t.seed, s), string(s))
}

// addString is add for a string.
func (t *strTable) addString(s string) uint32 {
	if len(t.slots) == 0 {
		t.grow()
	}
	return t.addHashed(maphash.String(t.seed, s), s)
}

// addHashed adds s, whose hash is h.
func (t *strTable) addHashed(h uint64, s string) uint32 {
	if 2*(len(t.end)+1) > len(t.slots) || !t.wide && len(t.end) >= mostTagged {
		t.grow() // the seed stays: h holds
	}
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		sl := t.slots[i]
		if sl == 0 {
			t.buf = append(t.buf, s...)
			t.end = append(t.end, uint32(len(t.buf)))
			n := uint32(len(t.end) - 1)
			t.slots[i] = t.slot(n, h)
			return n
		}
		if n, ok := t.number(sl, h); ok {
			if start, end := t.span(n); s == string(t.buf[start:end]) {
				return n
			}
		}
	}
}

// grow doubles the slots of a table being built, and makes it wide when
// its strings outnumber what a slot with a tag can hold.
func (t *strTable) grow() {
	if len(t.end) >= mostTagged {
		t.wide = true
	}
	size := max(len(t.slots), 8) // a power of two
	for 2*(len(t.end)+1) > size {
		size *= 2
	}
	t.slots = make([]uint32, size)
	if t.seed == (maphash.Seed{}) {
		t.seed = maphash.MakeSeed()
	}
	mask := uint64(len(t.slots) - 1)
	for n := range t.end {
		start, end := t.span(uint32(n))
		h := maphash.Bytes(t.seed, t.buf[start:end])
		i := h & mask
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = t.slot(uint32(n), h)
	}
}

// seal ends the building: the table is read only after.
func (t *strTable) seal() {
	t.text = string(t.buf)
	t.buf = nil
}

// find returns the number of the string b spells in a sealed table, and
// whether the table holds it.
func (t *strTable) find(b []byte) (uint32, bool) {
	if len(t.slots) == 0 {
		return 0, false
	}
	return t.findHashed(b, maphash.Bytes(t.seed, b))
}

// findHashed is find for b, whose hash is h.
func (t *strTable) findHashed(b []byte, h uint64) (uint32, bool) {
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		sl := t.slots[i]
		if sl == 0 {
			return 0, false
		}
		if n, ok := t.number(sl, h); ok {
			if start, end := t.span(n); string(b) == t.text[start:end] {
				return n, true
			}
		}
	}
}

// findString is find for a string.
func (t *strTable) findString(s string) (uint32, bool) {
	if len(t.slots) == 0 {
		return 0, false
	}
	h := maphash.String(t.seed, s)
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		sl := t.slots[i]
		if sl == 0 {
			return 0, false
		}
		if n, ok := t.number(sl, h); ok {
			if start, end := t.span(n); s == t.text[start:end] {
				return n, true
			}
		}
	}
}
