package logging

import (
	"bytes"
	"io"
	"log/slog"
	"regexp"
	"sync"
)

// Redacted replaces a secret wherever it would appear in output.
const Redacted = "[REDACTED]"

// bearer catches authorization headers and key-looking tokens even when the
// secret was never registered (for example a key typed into a base URL).
var bearer = regexp.MustCompile(`(?i)(bearer\s+|api[-_]?key["'=:\s]+)[A-Za-z0-9._\-]{8,}|sk-[A-Za-z0-9_\-]{16,}`)

// Redactor scrubs secrets from everything written through it.
type Redactor struct {
	mu      sync.RWMutex
	secrets [][]byte
	out     io.Writer
}

// NewRedactor wraps out.
func NewRedactor(out io.Writer) *Redactor { return &Redactor{out: out} }

// AddSecret registers a value that must never be written, in any letter
// case and in its JSON-escaped form. Values shorter than MinSecretLen are
// ignored.
func (r *Redactor) AddSecret(s string) {
	if len(s) < MinSecretLen {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.secrets = append(r.secrets, []byte(s))
	for _, e := range jsonForms(s) {
		r.secrets = append(r.secrets, []byte(e))
	}
}

// Write scrubs p and writes it whole; it reports len(p) so callers that
// check the count are not confused by a shorter or longer scrubbed line.
func (r *Redactor) Write(p []byte) (int, error) {
	_, err := r.out.Write(r.Scrub(p))
	return len(p), err
}

// Scrub returns p with every secret replaced, whatever its letter case.
func (r *Redactor) Scrub(p []byte) []byte {
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := p
	for _, s := range r.secrets {
		out = replaceFold(out, s)
	}
	return bearer.ReplaceAllFunc(out, func(m []byte) []byte {
		if loc := bytes.IndexAny(m, " =:\"'"); loc >= 0 && !bytes.HasPrefix(m, []byte("sk-")) {
			return append(append([]byte{}, m[:loc+1]...), Redacted...)
		}
		return []byte(Redacted)
	})
}

// Options choose the format and level.
type Options struct {
	JSON  bool
	Level slog.Level
}

// New returns a logger writing through r.
func New(r *Redactor, o Options) *slog.Logger {
	ho := &slog.HandlerOptions{Level: o.Level}
	if o.JSON {
		return slog.New(slog.NewJSONHandler(r, ho))
	}
	return slog.New(slog.NewTextHandler(r, ho))
}
