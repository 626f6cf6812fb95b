package app

import (
	"errors"
	"strings"
	"testing"

	"continuity/backend/settings"
)

// The rate budgets and the automatic concurrency survive the Settings
// view's round trip, and a bad budget comes back naming its field.
func TestSettingsDTOCarriesRateBudgets(t *testing.T) {
	svc := settingsService(t)
	d, err := svc.Get()
	if err != nil {
		t.Fatal(err)
	}
	if d.MaxConcurrency != 0 || d.RequestsPerMinute != 0 || d.TokensPerMinute != 0 {
		t.Fatalf("fresh settings = %+v, want automatic concurrency and no budgets", d)
	}
	d.RequestsPerMinute, d.TokensPerMinute = 500, 200_000
	if err := svc.Save(d); err != nil {
		t.Fatal(err)
	}
	got, err := svc.Get()
	if err != nil || got.RequestsPerMinute != 500 || got.TokensPerMinute != 200_000 || got.MaxConcurrency != 0 {
		t.Fatalf("Get after save = %+v, %v", got, err)
	}
	d.TokensPerMinute = -1
	if err := svc.Save(d); !errors.Is(err, settings.ErrInvalid) || !strings.Contains(err.Error(), "tokens_per_minute") {
		t.Fatalf("Save(negative tokens per minute) = %v", err)
	}
}
