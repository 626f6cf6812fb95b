package settings

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
)

// ModelPrice is what one model costs, in USD per million tokens.
type ModelPrice struct {
	Model         string  `json:"model"`
	InputPerMTok  float64 `json:"input_per_mtok"`
	OutputPerMTok float64 `json:"output_per_mtok"`
}

// DefaultPrices are OpenAI list prices at the time of writing, a starting
// point the user edits. Models not listed have an unknown cost.
func DefaultPrices() []ModelPrice {
	return []ModelPrice{
		{"gpt-4o-mini", 0.15, 0.60},
		{"gpt-4o", 2.50, 10.00},
		{"gpt-4.1-mini", 0.40, 1.60},
		{"gpt-4.1", 2.00, 8.00},
		{"text-embedding-3-small", 0.02, 0},
		{"text-embedding-3-large", 0.13, 0},
	}
}

// ValidatePrices reports the first bad row, numbered from 1.
func ValidatePrices(ps []ModelPrice) error {
	seen := map[string]bool{}
	for i, p := range ps {
		row := func(why string) error { return fmt.Errorf("%w: prices row %d (%q): %s", ErrInvalid, i+1, p.Model, why) }
		name := strings.TrimSpace(p.Model)
		switch {
		case name == "" || len(name) > 200:
			return row("model name is required (at most 200 characters)")
		case seen[name]:
			return row("model is listed twice")
		case !finiteNonNeg(p.InputPerMTok) || !finiteNonNeg(p.OutputPerMTok):
			return row("prices must be numbers of zero or more")
		}
		seen[name] = true
	}
	if len(ps) > 500 {
		return fmt.Errorf("%w: at most 500 prices", ErrInvalid)
	}
	return nil
}

func finiteNonNeg(f float64) bool { return f >= 0 && !math.IsInf(f, 0) && !math.IsNaN(f) }

const pricesKey = "prices"

// LoadPrices returns the saved price table, or the defaults if none.
func (r *Repo) LoadPrices(ctx context.Context) ([]ModelPrice, error) {
	var raw string
	err := r.db.Reader().QueryRowContext(ctx, `SELECT value FROM settings WHERE key = ?`, pricesKey).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) {
		return DefaultPrices(), nil
	}
	if err != nil {
		return nil, fmt.Errorf("load prices: %w", err)
	}
	var ps []ModelPrice
	if err := json.Unmarshal([]byte(raw), &ps); err != nil {
		return DefaultPrices(), fmt.Errorf("load prices: stored value is not valid JSON: %w", err)
	}
	return ps, nil
}

// SavePrices validates and stores the price table.
func (r *Repo) SavePrices(ctx context.Context, ps []ModelPrice) error {
	if err := ValidatePrices(ps); err != nil {
		return err
	}
	for i := range ps {
		ps[i].Model = strings.TrimSpace(ps[i].Model)
	}
	b, err := json.Marshal(ps)
	if err != nil {
		return fmt.Errorf("save prices: %w", err)
	}
	_, err = r.db.Writer().ExecContext(ctx, `INSERT INTO settings(key, value) VALUES(?, ?)
		ON CONFLICT(key) DO UPDATE SET value = excluded.value,
		updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')`, pricesKey, string(b))
	if err != nil {
		return fmt.Errorf("save prices: %w", err)
	}
	return nil
}
