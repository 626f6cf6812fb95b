package settings

import (
	"context"
	"errors"
	"math"
	"testing"
)

func TestValidatePrices(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		ps   []ModelPrice
		ok   bool
	}{
		{"defaults", DefaultPrices(), true},
		{"empty table", nil, true},
		{"blank model", []ModelPrice{{Model: " "}}, false},
		{"duplicate", []ModelPrice{{Model: "a"}, {Model: "a"}}, false},
		{"negative", []ModelPrice{{Model: "a", InputPerMTok: -1}}, false},
		{"NaN", []ModelPrice{{Model: "a", OutputPerMTok: math.NaN()}}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			err := ValidatePrices(c.ps)
			if c.ok != (err == nil) || (err != nil && !errors.Is(err, ErrInvalid)) {
				t.Fatalf("ValidatePrices = %v, want ok=%v", err, c.ok)
			}
		})
	}
}

func TestPricesRoundTrip(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	repo := newTestRepo(t)
	if got, err := repo.LoadPrices(ctx); err != nil || len(got) != len(DefaultPrices()) {
		t.Fatalf("first load = %v, %v", got, err)
	}
	want := []ModelPrice{{Model: "llama3.1:8b", InputPerMTok: 0, OutputPerMTok: 0}, {Model: "gpt-x", InputPerMTok: 1.5, OutputPerMTok: 6}}
	if err := repo.SavePrices(ctx, want); err != nil {
		t.Fatal(err)
	}
	got, err := repo.LoadPrices(ctx)
	if err != nil || len(got) != 2 || got[1] != want[1] {
		t.Fatalf("Load = %v, %v", got, err)
	}
	// The price row must not disturb the settings row.
	if s, err := repo.Load(ctx); err != nil || s != Defaults() {
		t.Fatalf("settings after saving prices = %+v, %v", s, err)
	}
}
