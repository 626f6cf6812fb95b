// Package uselitetest gives tests the installed USE-lite encoder behind
// the shared embedding cache, so a test suite never computes a vector
// twice, and skips a test when `make models` has not run.
package uselitetest

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"continuity/backend/embed"
	"continuity/backend/embed/cache"
	"continuity/backend/embed/uselite"
	"continuity/backend/models"
)

// Cached is the installed encoder, wrapped by the shared embedding cache
// when one can be opened; the test is skipped when the model is missing.
func Cached(t testing.TB) embed.Embedder {
	t.Helper()
	p, err := models.Find("", models.USELite)
	if errors.Is(err, models.ErrNotFound) {
		t.Skipf("USE-lite not installed: %v (run `make models`)", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	enc, err := uselite.Load(filepath.Dir(p))
	if err != nil {
		t.Fatal(err)
	}
	path, err := cache.DefaultPath()
	if err != nil {
		t.Logf("no shared embedding cache: %v", err)
		return enc
	}
	c, err := cache.Open(context.Background(), path, cache.Options{})
	if err != nil {
		t.Logf("no shared embedding cache: %v", err)
		return enc
	}
	t.Cleanup(func() { c.Close() })
	return c.Wrap(enc)
}
