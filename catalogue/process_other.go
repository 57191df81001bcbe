//go:build !unix

package catalogue

import "os/exec"

// inProcessGroup does nothing where there are no process groups.
func inProcessGroup(*exec.Cmd) {}

// killProcessGroup kills a started command; what it started is left to the
// system.
func killProcessGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	// An error means the command is already gone.
	_ = cmd.Process.Kill()
}
