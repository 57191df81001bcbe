//go:build unix

package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// maxRSS returns the peak memory of a process that ended, in bytes.
func maxRSS(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return int64(ru.Maxrss) << 10 // kilobytes on Linux
	}
	return 0
}

// gone waits up to d for the process pid to be gone: no longer there, or a
// zombie left for the system to reap.
func gone(pid int, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for {
		if syscall.Kill(pid, 0) != nil {
			return true
		}
		if stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil {
			if i := bytes.LastIndexByte(stat, ')'); i >= 0 && i+2 < len(stat) && stat[i+2] == 'Z' {
				return true
			}
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// makeFIFO makes a FIFO in dir.
func makeFIFO(t *testing.T, dir string) (string, bool) {
	fifo := filepath.Join(dir, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Logf("no FIFO: %v", err)
		return "", false
	}
	return fifo, true
}
