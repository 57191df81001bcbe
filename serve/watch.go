package serve

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/fsnotify/fsnotify"
)

// settle is how long the watcher waits after a change before it reloads,
// so that a file written in several steps is read once it is whole.
var settle = 100 * time.Millisecond

// Watch watches the catalogue, agent and vocabulary files and reloads on
// each change (see Reload). It watches their directories, not the files,
// since editors and deployment tools replace a file rather than write it.
// Watch returns once the directories are watched; the watching goes on
// until ctx is done. With no file to watch (the embedded shop alone) it
// does nothing.
func (s *Server) Watch(ctx context.Context) error {
	files := s.watchedFiles()
	if len(files) == 0 {
		return nil
	}
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return fmt.Errorf("serve: watching the files: %w", err)
	}
	targets := map[string]bool{}
	dirs := map[string]bool{}
	for _, f := range files {
		abs, err := filepath.Abs(f)
		if err != nil {
			return fmt.Errorf("serve: watching %s: %w", f, err)
		}
		targets[abs] = true
		dirs[filepath.Dir(abs)] = true
	}
	for d := range dirs {
		if err := w.Add(d); err != nil {
			if cerr := w.Close(); cerr != nil {
				s.log.Error("closing the watcher", "error", cerr.Error())
			}
			return fmt.Errorf("serve: watching %s: %w", d, err)
		}
	}
	go s.watch(ctx, w, targets)
	return nil
}

func (s *Server) watch(ctx context.Context, w *fsnotify.Watcher, targets map[string]bool) {
	timer := time.NewTimer(settle)
	timer.Stop()
	defer func() {
		timer.Stop()
		if err := w.Close(); err != nil {
			s.log.Error("closing the watcher", "error", err.Error())
		}
	}()
	for {
		select {
		case <-ctx.Done():
			return
		case ev, ok := <-w.Events:
			if !ok {
				return
			}
			if ev.Op == fsnotify.Chmod {
				continue
			}
			abs, err := filepath.Abs(ev.Name)
			if err != nil || !targets[abs] {
				continue
			}
			s.log.Debug("file changed", "file", ev.Name, "op", ev.Op.String())
			timer.Reset(settle)
		case err, ok := <-w.Errors:
			if !ok {
				return
			}
			// An overflow loses events: reload in case one was a change.
			s.log.Error("watching the files", "error", err.Error())
			timer.Reset(settle)
		case <-timer.C:
			if err := s.Reload(); err != nil {
				// Reload has logged it, kept it for /readyz and counted
				// it; the catalogue in force stays until the next change.
				continue
			}
		}
	}
}
