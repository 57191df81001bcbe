package cache

import (
	"strconv"
	"sync"
	"testing"
)

func TestMap(t *testing.T) {
	var m Map[int]
	if _, ok := m.Load("a"); ok {
		t.Fatal("the zero Map holds a")
	}
	for i := range 1000 {
		k := strconv.Itoa(i)
		if v, loaded := m.LoadOrStore(k, i); loaded || v != i {
			t.Fatalf("LoadOrStore(%s) = %d, %v", k, v, loaded)
		}
		if v, loaded := m.LoadOrStore(k, -1); !loaded || v != i {
			t.Fatalf("LoadOrStore(%s) again = %d, %v", k, v, loaded)
		}
		for j := 0; j <= i; j += 7 {
			if v, ok := m.Load(strconv.Itoa(j)); !ok || v != j {
				t.Fatalf("Load(%d) = %d, %v after %d stores", j, v, ok, i+1)
			}
		}
	}
	if m.Len() != 1000 {
		t.Fatalf("Len = %d, want 1000", m.Len())
	}
	if _, ok := m.Load("x"); ok {
		t.Fatal("Load(x) found a key never stored")
	}
}

func TestMapConcurrent(t *testing.T) {
	var m Map[string]
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 2000 {
				k := strconv.Itoa((i * (g + 1)) % 500)
				if v, ok := m.Load(k); ok && v != k {
					t.Errorf("Load(%s) = %s", k, v)
					return
				}
				if v, _ := m.LoadOrStore(k, k); v != k {
					t.Errorf("LoadOrStore(%s) = %s", k, v)
					return
				}
			}
		}()
	}
	wg.Wait()
	for i := range 500 {
		k := strconv.Itoa(i)
		if v, ok := m.Load(k); !ok || v != k {
			t.Fatalf("Load(%s) = %s, %v", k, v, ok)
		}
	}
}
