package serve

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// limiters keeps one token bucket per client.
type limiters struct {
	limit rate.Limit
	burst int

	mu      sync.Mutex
	clients map[string]*clientLimiter
	swept   time.Time
}

type clientLimiter struct {
	lim  *rate.Limiter
	seen time.Time
}

// idleClient is how long a client's bucket is kept after its last
// request; by then it is full again, so forgetting it changes nothing.
const idleClient = 5 * time.Minute

func newLimiters(limit rate.Limit, burst int) *limiters {
	return &limiters{limit: limit, burst: burst, clients: map[string]*clientLimiter{}}
}

// wait takes a token from the client's bucket and returns 0, or returns
// how long the client must wait for one, taking none.
func (l *limiters) wait(client string, now time.Time) time.Duration {
	l.mu.Lock()
	c, ok := l.clients[client]
	if !ok {
		c = &clientLimiter{lim: rate.NewLimiter(l.limit, l.burst)}
		l.clients[client] = c
	}
	c.seen = now
	if now.Sub(l.swept) > idleClient {
		for k, v := range l.clients {
			if now.Sub(v.seen) > idleClient {
				delete(l.clients, k)
			}
		}
		l.swept = now
	}
	l.mu.Unlock()
	r := c.lim.ReserveN(now, 1)
	if !r.OK() {
		return time.Second
	}
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return d
	}
	return 0
}
