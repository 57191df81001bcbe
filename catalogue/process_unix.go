//go:build unix

package catalogue

import (
	"os/exec"
	"syscall"
)

// inProcessGroup has cmd start in a process group of its own, so that
// whatever it starts can be killed with it.
func inProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killProcessGroup kills the process group of a started command: the
// command, if it still runs, and whatever it started.
func killProcessGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	// ESRCH: nothing of the group is left, which is what is wanted.
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}
