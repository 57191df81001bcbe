package main

import (
	"fmt"
	"strconv"
	"strings"
)

// byteSize is a flag's count of bytes: a number, with or without a unit
// (B, KiB, MiB, GiB; K, M and G are the same binary units).
type byteSize int64

// String writes the size with the largest unit that divides it.
func (s *byteSize) String() string {
	n := int64(*s)
	for _, u := range []struct {
		name string
		size int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.size && n%u.size == 0 {
			return fmt.Sprintf("%d%s", n/u.size, u.name)
		}
	}
	return strconv.FormatInt(n, 10)
}

// Set reads a size such as 64MiB, 512k or 1048576.
func (s *byteSize) Set(v string) error {
	t := strings.TrimSpace(v)
	i := 0
	for i < len(t) && '0' <= t[i] && t[i] <= '9' {
		i++
	}
	n, err := strconv.ParseInt(t[:i], 10, 64)
	if err != nil {
		return fmt.Errorf("%q is not a size: want a number of bytes, such as 64MiB or 512KiB", v)
	}
	var unit int64
	switch strings.ToLower(strings.TrimSpace(t[i:])) {
	case "", "b":
		unit = 1
	case "k", "kib":
		unit = 1 << 10
	case "m", "mib":
		unit = 1 << 20
	case "g", "gib":
		unit = 1 << 30
	default:
		return fmt.Errorf("%q is not a size: the units are B, KiB, MiB and GiB", v)
	}
	if n <= 0 || n > (1<<62)/unit {
		return fmt.Errorf("%q is not a size: want more than 0 and less than 4 EiB", v)
	}
	*s = byteSize(n * unit)
	return nil
}

// Type names the flag's value in the help.
func (s *byteSize) Type() string { return "SIZE" }
