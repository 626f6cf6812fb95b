package llm

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"time"

	"continuity/backend/store"
)

// Price is USD per million tokens for one model.
type Price struct {
	InputPerMTok  float64 `json:"input_per_mtok"`
	OutputPerMTok float64 `json:"output_per_mtok"`
}

// Prices maps a model name to its price. Edit it freely; a model that is
// not listed has an unknown cost, never a zero one.
type Prices map[string]Price

// cost prices one call; ok is false for an unlisted model.
func (p Prices) cost(model string, u Usage) (float64, bool) {
	pr, ok := p[model]
	if !ok {
		return 0, false
	}
	return (float64(u.InputTokens)*pr.InputPerMTok + float64(u.OutputTokens)*pr.OutputPerMTok) / 1e6, true
}

// Cost is a sum of money that may be partly unknown. USD sums only the
// priced calls; Known is true when every call was priced.
type Cost struct {
	USD      float64  `json:"usd"`
	Known    bool     `json:"known"`
	Unpriced []string `json:"unpriced,omitempty"` // models with no price, sorted
}

// String is "$0.0123", or "unknown" when any call had no price.
func (c Cost) String() string {
	if !c.Known {
		return "unknown"
	}
	return fmt.Sprintf("$%.4f", c.USD)
}

// Outcome of one call.
const (
	OutcomeOK            = "ok"
	OutcomeInvalidOutput = "invalid_output"
	OutcomeError         = "error"
)

// Call is one ledger row.
type Call struct {
	At            time.Time
	Job           string
	Role          Role
	Model         string
	Prompt        string
	PromptVersion string
	Usage         Usage
	UsageReported bool
	Latency       time.Duration
	Retries       int
	Outcome       string
	Error         string // key-scrubbed
	CostUSD       float64
	CostKnown     bool
}

// Totals sums calls.
type Totals struct {
	Calls         int   `json:"calls"`
	Failed        int   `json:"failed"`
	Retries       int   `json:"retries"`
	InputTokens   int   `json:"input_tokens"`
	OutputTokens  int   `json:"output_tokens"`
	NoUsage       int   `json:"no_usage"` // calls whose server reported no usage: tokens not measured
	LatencyMillis int64 `json:"latency_ms"`
	Cost          Cost  `json:"cost"`
}

func (t *Totals) add(c Call) {
	t.Calls++
	if c.Outcome != OutcomeOK {
		t.Failed++
	}
	t.Retries += c.Retries
	t.InputTokens += c.Usage.InputTokens
	t.OutputTokens += c.Usage.OutputTokens
	if !c.UsageReported {
		t.NoUsage++
	}
	t.LatencyMillis += c.Latency.Milliseconds()
	if c.CostKnown {
		t.Cost.USD += c.CostUSD
	} else if !contains(t.Cost.Unpriced, c.Model) {
		t.Cost.Unpriced = append(t.Cost.Unpriced, c.Model)
		sort.Strings(t.Cost.Unpriced)
	}
	t.Cost.Known = len(t.Cost.Unpriced) == 0
}

func contains(l []string, s string) bool {
	for _, e := range l {
		if e == s {
			return true
		}
	}
	return false
}

// Ledger records every call in memory and, when a store is given, in the
// llm_calls table as it happens.
type Ledger struct {
	mu     sync.Mutex
	prices Prices
	calls  []Call
	db     *store.DB
}

func newLedger(ctx context.Context, prices Prices, db *store.DB) (*Ledger, error) {
	if db != nil {
		if err := db.Migrate(ctx, "llm", migrations); err != nil {
			return nil, err
		}
	}
	p := make(Prices, len(prices))
	for k, v := range prices {
		p[k] = v
	}
	return &Ledger{prices: p, db: db}, nil
}

// SetPrice edits the price table; later calls use it.
func (l *Ledger) SetPrice(model string, p Price) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.prices[model] = p
}

// Prices returns a copy of the price table.
func (l *Ledger) Prices() Prices {
	l.mu.Lock()
	defer l.mu.Unlock()
	p := make(Prices, len(l.prices))
	for k, v := range l.prices {
		p[k] = v
	}
	return p
}

func (l *Ledger) add(ctx context.Context, c Call) error {
	l.mu.Lock()
	c.CostUSD, c.CostKnown = l.prices.cost(c.Model, c.Usage)
	l.calls = append(l.calls, c)
	l.mu.Unlock()
	if l.db == nil {
		return nil
	}
	return persist(ctx, l.db, c)
}

// Calls returns a copy of every recorded call, oldest first.
func (l *Ledger) Calls() []Call {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]Call(nil), l.calls...)
}

// Totals sums every call.
func (l *Ledger) Totals() Totals { return l.sum(func(Call) bool { return true }) }

// JobTotals sums the calls tagged with job (see Client.WithJob).
func (l *Ledger) JobTotals(job string) Totals {
	return l.sum(func(c Call) bool { return c.Job == job })
}

func (l *Ledger) sum(keep func(Call) bool) Totals {
	l.mu.Lock()
	defer l.mu.Unlock()
	t := Totals{Cost: Cost{Known: true}}
	for _, c := range l.calls {
		if keep(c) {
			t.add(c)
		}
	}
	return t
}

// record writes the ledger row, the audit entry and a debug log line.
func (c *Client) record(req Request, resp Response, err error) {
	call := Call{At: time.Now().UTC(), Job: c.job, Role: resp.Role, Model: resp.Model, Prompt: req.Prompt,
		PromptVersion: req.PromptVersion, Usage: resp.Usage, UsageReported: resp.UsageReported,
		Latency: resp.Latency, Retries: resp.Retries, Outcome: OutcomeOK}
	if call.Role == "" {
		call.Role = RoleAnswer
	}
	var inv *InvalidOutputError
	switch {
	case errors.As(err, &inv):
		call.Outcome, call.Error = OutcomeInvalidOutput, c.scrub(err.Error())
	case err != nil:
		call.Outcome, call.Error = OutcomeError, c.scrub(err.Error())
	}
	c.finish(call, req, resp.Content)
}

func (c *Client) finish(call Call, req Request, reply string) {
	// Persisting must not depend on the caller's context: a cancelled job
	// still owes its accounting.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.ledger.add(ctx, call); err != nil {
		c.log.Error("llm ledger write failed", "err", err)
	}
	if c.audit != nil {
		if err := c.audit.write(call, req, reply); err != nil {
			c.log.Error("llm audit write failed", "err", err)
		}
	}
	c.log.Debug("llm call", "job", call.Job, "role", call.Role, "model", call.Model, "prompt", call.Prompt,
		"prompt_version", call.PromptVersion, "input_tokens", call.Usage.InputTokens, "output_tokens", call.Usage.OutputTokens,
		"latency_ms", call.Latency.Milliseconds(), "retries", call.Retries, "outcome", call.Outcome, "error", call.Error)
}
