package httpapi

import (
	"sync"

	"golang.org/x/time/rate"
)

// limiter is one token bucket per user, so one busy client (a runaway CI
// loop) cannot starve the team.
type limiter struct {
	mu      sync.Mutex
	rate    rate.Limit
	burst   int
	buckets map[string]*rate.Limiter
}

func newLimiter(perSecond float64, burst int) *limiter {
	return &limiter{rate: rate.Limit(perSecond), burst: burst, buckets: map[string]*rate.Limiter{}}
}

func (l *limiter) allow(user string) bool {
	l.mu.Lock()
	b, ok := l.buckets[user]
	if !ok {
		b = rate.NewLimiter(l.rate, l.burst)
		l.buckets[user] = b
	}
	l.mu.Unlock()
	return b.Allow()
}
