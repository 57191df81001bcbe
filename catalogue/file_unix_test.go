//go:build unix

package catalogue

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// WriteFile writes only a regular file: a FIFO, a symbolic link or a device
// at the path is refused with an error naming the path, and left as it was.
func TestWriteFileOnlyRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.json")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	target := filepath.Join(dir, "target.json")
	require.NoError(t, os.WriteFile(target, []byte("kept"), 0o644))
	link := filepath.Join(dir, "link.json")
	require.NoError(t, os.Symlink(target, link))

	tests := []struct {
		path string
		want string
		mode os.FileMode
	}{
		{fifo, fifo + ": is a FIFO, not a regular file", os.ModeNamedPipe},
		{link, link + ": is a symbolic link, not a regular file", os.ModeSymlink},
	}
	// A device of its own, never one of the system's: a write that
	// replaced it must harm nothing. Only root may make one.
	dev := filepath.Join(dir, "null.json")
	if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|3); err == nil {
		tests = append(tests, struct {
			path string
			want string
			mode os.FileMode
		}{dev, dev + ": is a character device, not a regular file", os.ModeDevice})
	}
	for _, tt := range tests {
		err := Default().WriteFile(tt.path)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("WriteFile(%q) = %v, want %q", tt.path, err, tt.want)
		}
		info, err := os.Lstat(tt.path)
		require.NoError(t, err)
		assert.NotZero(t, info.Mode()&tt.mode, "%s is still what it was", tt.path)
	}
	data, err := os.ReadFile(target)
	require.NoError(t, err)
	assert.Equal(t, "kept", string(data), "the link's target is untouched")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, len(tests)+1, "no temporary file left behind")
}

// An existing file keeps its mode; errors name the path given, never the
// temporary file.
func TestWriteFileKeepsMode(t *testing.T) {
	dir := t.TempDir()
	private := filepath.Join(dir, "private.json")
	require.NoError(t, os.WriteFile(private, []byte("old"), 0o600))
	require.NoError(t, os.Chmod(private, 0o600))
	require.NoError(t, Default().WriteFile(private))
	info, err := os.Stat(private)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm())
	c, err := ImportFile(private)
	require.NoError(t, err)
	assert.Equal(t, Default(), c)

	// A folder that does not exist.
	out := filepath.Join(dir, "no", "catalogue.json")
	err = Default().WriteFile(out)
	require.Error(t, err)
	assert.Equal(t, out+": could not write the catalogue: no such file or directory", err.Error())
}
