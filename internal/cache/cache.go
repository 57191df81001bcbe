// Package cache holds Map, a string-keyed map for caches that are read
// far more often than they are written.
package cache

import (
	"sync"
	"sync/atomic"
)

// Map maps strings to values, for a cache read far more often than it is
// written: what was stored long enough ago is read from a plain map with
// no lock, and what was stored since under a lock, until enough reads have
// missed the plain map for it to be worth copying. It is safe for
// concurrent use. The zero Map is empty and ready to use; a Map must not
// be copied after first use.
type Map[V any] struct {
	read   atomic.Pointer[map[string]V] // never written once published
	mu     sync.Mutex
	dirty  map[string]V // stored and not yet in read
	misses int          // reads that looked in dirty since read was last published
	n      atomic.Int64 // how many keys the Map holds
}

// Load returns the value stored for key, and whether there is one.
func (m *Map[V]) Load(key string) (V, bool) {
	p := m.read.Load()
	held := 0
	if p != nil {
		if v, ok := (*p)[key]; ok {
			return v, true
		}
		held = len(*p)
	}
	if m.n.Load() == int64(held) {
		// Every key is in read: no need to look under the lock.
		var zero V
		return zero, false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.dirty[key]
	m.misses++
	m.publish()
	return v, ok
}

// LoadOrStore returns the value stored for key, and true, when there is
// one; otherwise it stores value for key and returns it, and false.
func (m *Map[V]) LoadOrStore(key string, value V) (V, bool) {
	if p := m.read.Load(); p != nil {
		if v, ok := (*p)[key]; ok {
			return v, true
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if p := m.read.Load(); p != nil {
		if v, ok := (*p)[key]; ok {
			return v, true
		}
	}
	if v, ok := m.dirty[key]; ok {
		return v, true
	}
	if m.dirty == nil {
		m.dirty = map[string]V{}
	}
	m.dirty[key] = value
	m.n.Add(1)
	return value, false
}

// Len returns how many keys the Map holds.
func (m *Map[V]) Len() int { return int(m.n.Load()) }

// readLen is how many keys read holds.
func (m *Map[V]) readLen() int {
	if p := m.read.Load(); p != nil {
		return len(*p)
	}
	return 0
}

// publish copies read and dirty into a new read, once the reads that
// missed read since it was last published are a quarter of all the keys
// (so that copying costs each miss at most four keys). It is called with
// m.mu held.
func (m *Map[V]) publish() {
	old := m.readLen()
	if len(m.dirty) == 0 || 4*m.misses < old+len(m.dirty) {
		return
	}
	next := make(map[string]V, old+len(m.dirty))
	if p := m.read.Load(); p != nil {
		for k, v := range *p {
			next[k] = v
		}
	}
	for k, v := range m.dirty {
		next[k] = v
	}
	m.read.Store(&next)
	m.dirty, m.misses = nil, 0
}
