package cache

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"continuity/backend/embed"
)

// fakeEmbedder derives each vector from its name, model and text, so a
// vector served for the wrong model or text is detectable, and records
// every call it gets.
type fakeEmbedder struct {
	name, model string
	dim         int
	err         error
	hook        func() // runs inside Embed, e.g. to cancel the context

	mu    sync.Mutex
	calls [][]string
}

func newFake(name, model string) *fakeEmbedder {
	return &fakeEmbedder{name: name, model: model, dim: 8}
}

func (f *fakeEmbedder) Name() string  { return f.name }
func (f *fakeEmbedder) Model() string { return f.model }

func (f *fakeEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	f.mu.Lock()
	f.calls = append(f.calls, slices.Clone(texts))
	f.mu.Unlock()
	if f.hook != nil {
		f.hook()
	}
	if f.err != nil {
		return nil, f.err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = reference(f.name, f.model, t, f.dim)
	}
	return out, nil
}

func (f *fakeEmbedder) Calls() [][]string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.calls)
}

func (f *fakeEmbedder) computed() int {
	n := 0
	for _, c := range f.Calls() {
		n += len(c)
	}
	return n
}

// reference is the vector the fake returns for text.
func reference(name, model, text string, dim int) []float32 {
	v := make([]float32, dim)
	seed := sha256.Sum256([]byte(name + "|" + model + "|" + text))
	for i := range v {
		if i%8 == 0 && i > 0 {
			seed = sha256.Sum256(seed[:])
		}
		v[i] = float32(int32(binary.LittleEndian.Uint32(seed[4*(i%8):]))) / (1 << 31)
	}
	embed.Normalize(v)
	return v
}

// syncBuffer collects log output from many goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// count is how many log lines mention msg.
func (s *syncBuffer) count(msg string) int { return strings.Count(s.String(), msg) }

func newLog() (*slog.Logger, *syncBuffer) {
	buf := &syncBuffer{}
	return slog.New(slog.NewTextHandler(buf, &slog.HandlerOptions{Level: slog.LevelDebug})), buf
}

const degraded = "embedding cache degraded"

// openTest opens a cache file in a fresh temp dir, closed at cleanup.
func openTest(t testing.TB, opts Options) *Cache {
	t.Helper()
	return openAt(t, filepath.Join(t.TempDir(), FileName), opts)
}

func openAt(t testing.TB, path string, opts Options) *Cache {
	t.Helper()
	c, err := Open(context.Background(), path, opts)
	if err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// clock lets a test order last-used stamps without sleeping.
type clock struct{ t time.Time }

func (k *clock) now() time.Time          { return k.t }
func (k *clock) advance(d time.Duration) { k.t = k.t.Add(d) }
func useClock(c *Cache, start time.Time) *clock {
	k := &clock{t: start}
	c.now = k.now
	return k
}

// mustEmbed embeds texts and checks every vector against the reference.
func mustEmbed(t testing.TB, e embed.Embedder, f *fakeEmbedder, texts []string) [][]float32 {
	t.Helper()
	got, err := e.Embed(context.Background(), texts)
	if err != nil {
		t.Fatalf("embed %q: %v", texts, err)
	}
	checkVectors(t, got, f, texts)
	return got
}

func checkVectors(t testing.TB, got [][]float32, f *fakeEmbedder, texts []string) {
	t.Helper()
	if len(got) != len(texts) {
		t.Fatalf("%d vectors for %d texts", len(got), len(texts))
	}
	for i, text := range texts {
		if want := reference(f.name, f.model, text, f.dim); !slices.Equal(got[i], want) {
			t.Fatalf("vector %d (%q) = %v, want %v", i, text, got[i], want)
		}
	}
}

// storedBytes returns the trigger-kept total and the real one.
func storedBytes(t testing.TB, c *Cache) (kept, real int64) {
	t.Helper()
	ctx := context.Background()
	if err := c.db.Reader().QueryRowContext(ctx, `SELECT value FROM meta WHERE key = 'bytes'`).Scan(&kept); err != nil {
		t.Fatal(err)
	}
	if err := c.db.Reader().QueryRowContext(ctx, `SELECT COALESCE(SUM(length(vec)), 0) FROM vectors`).Scan(&real); err != nil {
		t.Fatal(err)
	}
	return kept, real
}
