package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"continuity/backend/embed"
	"continuity/backend/embed/glove"
	"continuity/backend/embed/uselite"
	"continuity/backend/models"
)

// Embedder kinds accepted by -embedder.
const (
	embLSA   = "lsa"
	embGloVe = "glove"
	embUSE   = "use-lite"
	embBoth  = "glove+use-lite"
)

// errEmbedderKind is returned for an -embedder value this command does not know.
var errEmbedderKind = errors.New("unknown embedder")

// newEmbedder builds the -embedder kind. lsa returns nil so the index keeps
// its own corpus-fitted default, untouched. GloVe SIF is fitted to fitTexts
// (the corpus, in file order), so the same corpus always gives the same
// component and so the same cached vectors.
func newEmbedder(ctx context.Context, kind string, fitTexts []string) (embed.Embedder, error) {
	switch kind {
	case embLSA, "":
		return nil, nil
	case embUSE:
		return loadUSE()
	case embGloVe:
		return loadGloVe(ctx, fitTexts)
	case embBoth:
		g, err := loadGloVe(ctx, fitTexts)
		if err != nil {
			return nil, err
		}
		u, err := loadUSE()
		if err != nil {
			return nil, err
		}
		return concat{g, u}, nil
	}
	return nil, fmt.Errorf("%w %q (want %s, %s, %s or %s)", errEmbedderKind, kind, embLSA, embGloVe, embUSE, embBoth)
}

func loadUSE() (*uselite.Encoder, error) {
	p, err := models.Find("", models.USELite)
	if err != nil {
		return nil, err
	}
	e, err := uselite.Load(filepath.Dir(p))
	if err != nil {
		return nil, fmt.Errorf("load USE-lite: %w", err)
	}
	return e, nil
}

func loadGloVe(ctx context.Context, fitTexts []string) (*glove.SIF, error) {
	p, err := models.Find("", models.GloVe)
	if err != nil {
		return nil, err
	}
	m, err := glove.Load(p)
	if err != nil {
		return nil, fmt.Errorf("load GloVe: %w", err)
	}
	s := glove.NewSIF(m, 0)
	if err := s.Fit(ctx, fitTexts); err != nil {
		return nil, fmt.Errorf("fit GloVe SIF: %w", err)
	}
	return s, nil
}

// concat joins the unit vectors of its parts, each scaled by 1/√n, so the
// result is unit length and its cosine is the mean of the parts' cosines:
// every model gets an equal say whatever its dimension. (Averaging is not
// possible: GloVe has 100 dimensions, USE-lite 512.)
type concat []embed.Embedder

func (c concat) Name() string {
	s := "concat"
	for _, e := range c {
		s += "+" + e.Name()
	}
	return s
}

func (c concat) Model() string {
	s := ""
	for i, e := range c {
		if i > 0 {
			s += " + "
		}
		s += e.Model()
	}
	return s
}

func (c concat) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	parts := make([][][]float32, len(c))
	for i, e := range c {
		v, err := e.Embed(ctx, texts)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Name(), err)
		}
		if len(v) != len(texts) {
			return nil, fmt.Errorf("%s: %d vectors for %d texts", e.Name(), len(v), len(texts))
		}
		parts[i] = v
	}
	w := float32(1 / math.Sqrt(float64(len(c))))
	out := make([][]float32, len(texts))
	for t := range texts {
		var v []float32
		for _, p := range parts {
			for _, x := range p[t] {
				v = append(v, w*x)
			}
		}
		// A part with no signal (GloVe on a text with no known word) is
		// zero; renormalise so the other part still gives a cosine.
		embed.Normalize(v)
		out[t] = v
	}
	return out, nil
}

// meter wraps the benchmark's embedder. It measures corpus throughput as
// texts per second of wall time during which some Embed call was running
// (the index embeds one batch while bleve indexes the previous one, so a
// sum of call times or the whole sync's time would both mislead), and it
// memoises single-text (query) calls: the fusion sweep repeats every query
// up to a dozen times and a neural query embedding costs milliseconds.
type meter struct {
	embed.Embedder
	windows func(string) int // nil when the model does not split texts

	mu       sync.Mutex
	inFlight int
	since    time.Time
	busy     time.Duration
	cpuStart time.Duration
	cpu      time.Duration // process CPU while embedding; bleve's share of it is small
	cpuOK    bool
	texts    int
	parts    int
	queries  map[string][]float32
}

func newMeter(e embed.Embedder) *meter {
	m := &meter{Embedder: e, queries: map[string][]float32{}}
	if u := findUSE(e); u != nil {
		m.windows = func(s string) int { return max(1, (len(u.Tokenize(s))+uselite.MaxTokens-1)/uselite.MaxTokens) }
	}
	_, m.cpuOK = processCPU()
	return m
}

// findUSE is the USE-lite encoder in e, alone or as a part, else nil.
func findUSE(e embed.Embedder) *uselite.Encoder {
	switch e := e.(type) {
	case *uselite.Encoder:
		return e
	case concat:
		for _, p := range e {
			if u := findUSE(p); u != nil {
				return u
			}
		}
	}
	return nil
}

func (m *meter) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if len(texts) == 1 {
		m.mu.Lock()
		v, ok := m.queries[texts[0]]
		m.mu.Unlock()
		if ok {
			return [][]float32{slices.Clone(v)}, nil
		}
		out, err := m.Embedder.Embed(ctx, texts)
		if err == nil && len(out) == 1 {
			m.mu.Lock()
			m.queries[texts[0]] = slices.Clone(out[0])
			m.mu.Unlock()
		}
		return out, err
	}
	m.mu.Lock()
	if m.inFlight == 0 {
		m.since = time.Now()
		m.cpuStart, _ = processCPU()
	}
	m.inFlight++
	m.mu.Unlock()
	out, err := m.Embedder.Embed(ctx, texts)
	m.mu.Lock()
	m.inFlight--
	if m.inFlight == 0 {
		m.busy += time.Since(m.since)
		c, _ := processCPU()
		m.cpu += c - m.cpuStart
	}
	if err == nil {
		m.texts += len(texts)
		if m.windows != nil {
			for _, t := range texts {
				m.parts += m.windows(t)
			}
		}
	}
	m.mu.Unlock()
	return out, err
}

// report is one line on corpus throughput; empty before any batch.
func (m *meter) report() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.texts == 0 || m.busy <= 0 {
		return ""
	}
	s := fmt.Sprintf("corpus embedding: %d texts in %s of embedding wall time = %.1f texts/s",
		m.texts, m.busy.Round(time.Millisecond), float64(m.texts)/m.busy.Seconds())
	if m.windows != nil {
		s += fmt.Sprintf(" (%d windows of <= %d tokens = %.1f windows/s)", m.parts, uselite.MaxTokens, float64(m.parts)/m.busy.Seconds())
	}
	if m.cpuOK && m.cpu > 0 {
		// On a shared machine wall time depends on the neighbours; CPU
		// time says what one core does.
		s += fmt.Sprintf("; process CPU meanwhile %s = %.1f texts per CPU-second", m.cpu.Round(time.Millisecond), float64(m.texts)/m.cpu.Seconds())
		if m.windows != nil {
			s += fmt.Sprintf(", %.1f windows per CPU-second", float64(m.parts)/m.cpu.Seconds())
		}
	}
	return s
}
