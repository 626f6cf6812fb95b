package secret

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/zalando/go-keyring"
)

type hangingKeyring struct{}

func (hangingKeyring) Get(string, string) (string, error) { time.Sleep(time.Hour); return "", nil }
func (hangingKeyring) Set(string, string, string) error   { time.Sleep(time.Hour); return nil }
func (hangingKeyring) Delete(string, string) error        { time.Sleep(time.Hour); return nil }

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestKeySources(t *testing.T) {
	keyring.MockInit()
	ctx := context.Background()
	cases := []struct {
		name     string
		stored   string
		env      string
		want     string
		wantFrom Source
	}{
		{"keyring wins over env", "from-keyring", "from-env", "from-keyring", SourceKeyring},
		{"env when keyring empty", "", "from-env", "from-env", SourceEnv},
		{"none at all", "", "", "", SourceNone},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := &Store{kr: osKeyring{}, timeout: time.Second, getenv: env(map[string]string{EnvKey: c.env})}
			if err := s.SetKey(ctx, c.stored); err != nil {
				t.Fatal(err)
			}
			got, from, err := s.Key(ctx)
			if err != nil || got != c.want || from != c.wantFrom {
				t.Fatalf("Key() = %q, %s, %v; want %q, %s", got, from, err, c.want, c.wantFrom)
			}
		})
	}
}

func TestHungKeyringTimesOutAndKeepsSessionKey(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := &Store{kr: hangingKeyring{}, timeout: 50 * time.Millisecond, getenv: env(nil)}
	start := time.Now()
	err := s.SetKey(ctx, "session-only-key")
	if !errors.Is(err, ErrKeyringUnavailable) {
		t.Fatalf("SetKey err = %v, want ErrKeyringUnavailable", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("SetKey took %s; the timeout did not bound it", d)
	}
	got, from, err := s.Key(ctx)
	if err != nil || got != "session-only-key" || from != SourceSession {
		t.Fatalf("Key() = %q, %s, %v; want the session key", got, from, err)
	}
}

func TestHungKeyringFallsBackToEnv(t *testing.T) {
	t.Parallel()
	s := &Store{kr: hangingKeyring{}, timeout: 50 * time.Millisecond, getenv: env(map[string]string{EnvKey: "k-env"})}
	got, from, err := s.Key(context.Background())
	if err != nil || got != "k-env" || from != SourceEnv {
		t.Fatalf("Key() = %q, %s, %v; want env fallback", got, from, err)
	}
}
