//go:build unix

package catalogue

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// running reports whether the process pid runs: it exists and is not a
// zombie waiting to be reaped.
func running(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return !os.IsNotExist(err) // no /proc: the signal said it exists
	}
	// pid (comm) state ...: the state follows the last parenthesis.
	i := bytes.LastIndexByte(stat, ')')
	return i < 0 || i+2 >= len(stat) || stat[i+2] != 'Z'
}

// A server that does not answer in time is killed with everything it
// started before ImportMCPWith returns.
func TestImportMCPLeavesNoProcess(t *testing.T) {
	pids := filepath.Join(t.TempDir(), "pids")
	// The shell writes its own process id, then its child's, and waits.
	command := fmt.Sprintf(`sh -c 'echo $$ > %s; sleep 100 & echo $! >> %[1]s; wait'`, pids)
	msg := importErrorWith(t, command, MCPOptions{Timeout: 500 * time.Millisecond}, 1500*time.Millisecond)
	assert.Contains(t, msg, "did not answer within 500ms")
	data, err := os.ReadFile(pids)
	require.NoError(t, err)
	fields := strings.Fields(string(data))
	require.Len(t, fields, 2, "the shell's and the sleep's process ids")
	for i, f := range fields {
		pid, err := strconv.Atoi(f)
		require.NoError(t, err)
		// The shell is reaped by the import; the sleep, orphaned, by
		// the system, which may take a moment.
		deadline := time.Now().Add(2 * time.Second)
		for running(pid) && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		assert.False(t, running(pid), "process %d (%s) still runs after the import", pid, []string{"sh", "sleep"}[i])
	}
}
