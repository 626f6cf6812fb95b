package settings

import (
	"fmt"
	"time"

	"continuity/backend/llm"
)

// Upper bounds that catch a typo (an extra zero or two) rather than any
// provider's real tier: the largest published tiers are below them.
const (
	maxRequestsPerMinute = 1_000_000
	maxTokensPerMinute   = 1_000_000_000
	maxConcurrency       = 64
)

// assumedCallLatency is what Concurrency plans for before any call has
// been measured, as the client does.
const assumedCallLatency = 2 * time.Second

func (s Settings) validRates() error {
	bad := func(field, why string) error { return fmt.Errorf("%w: %s: %s", ErrInvalid, field, why) }
	if s.MaxConcurrency < 0 || s.MaxConcurrency > maxConcurrency {
		return bad("max_concurrency", fmt.Sprintf("%d is not 0 (automatic) or 1..%d", s.MaxConcurrency, maxConcurrency))
	}
	if s.RequestsPerMinute < 0 || s.RequestsPerMinute > maxRequestsPerMinute {
		return bad("requests_per_minute", fmt.Sprintf("%d is not 0 (no budget) or 1..%d", s.RequestsPerMinute, maxRequestsPerMinute))
	}
	if s.TokensPerMinute < 0 || s.TokensPerMinute > maxTokensPerMinute {
		return bad("tokens_per_minute", fmt.Sprintf("%d is not 0 (no budget) or 1..%d", s.TokensPerMinute, maxTokensPerMinute))
	}
	return nil
}

// Concurrency is the calls in flight the settings amount to: the saved
// number, or when it is 0 (automatic) what the client derives from the
// requests-per-minute budget, so that callers sizing their own worker
// pools match the client's slots.
func (s Settings) Concurrency() int {
	if s.MaxConcurrency > 0 {
		return s.MaxConcurrency
	}
	return llm.SuggestConcurrency(s.RequestsPerMinute, assumedCallLatency)
}
