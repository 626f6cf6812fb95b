package secret

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/zalando/go-keyring"
)

const (
	service = "continuity"
	account = "openai-api-key"
	// EnvKey is read when the keyring holds no key.
	EnvKey = "OPENAI_API_KEY"
)

// Source says where a key came from.
type Source string

const (
	SourceNone    Source = "none"
	SourceKeyring Source = "keyring"
	SourceEnv     Source = "env"
	SourceSession Source = "session" // held in memory because the keyring failed
)

// ErrKeyringUnavailable means the OS keyring could not be reached in time.
var ErrKeyringUnavailable = errors.New("OS keyring unavailable")

// backend is the part of go-keyring we use; tests swap it.
type backend interface {
	Get(service, user string) (string, error)
	Set(service, user, password string) error
	Delete(service, user string) error
}

type osKeyring struct{}

func (osKeyring) Get(s, u string) (string, error) { return keyring.Get(s, u) }
func (osKeyring) Set(s, u, p string) error        { return keyring.Set(s, u, p) }
func (osKeyring) Delete(s, u string) error        { return keyring.Delete(s, u) }

// Store reads and writes the API key.
type Store struct {
	kr      backend
	timeout time.Duration
	getenv  func(string) string

	mu      sync.Mutex
	session string
}

// New returns a Store on the OS keyring.
func New() *Store {
	return &Store{kr: osKeyring{}, timeout: 2 * time.Second, getenv: os.Getenv}
}

// Key returns the API key and where it came from. A missing key is not an
// error: the offline engine needs none.
func (s *Store) Key(ctx context.Context) (string, Source, error) {
	s.mu.Lock()
	sess := s.session
	s.mu.Unlock()
	if sess != "" {
		return sess, SourceSession, nil
	}
	var kerr error
	v, err := s.call(ctx, func() (string, error) { return s.kr.Get(service, account) })
	switch {
	case err == nil && v != "":
		return v, SourceKeyring, nil
	case err != nil && !errors.Is(err, keyring.ErrNotFound):
		kerr = err
	}
	if v := s.getenv(EnvKey); v != "" {
		return v, SourceEnv, nil
	}
	if kerr != nil {
		return "", SourceNone, kerr
	}
	return "", SourceNone, nil
}

// SetKey stores key in the keyring. When the keyring is unavailable the key
// is kept for this session only and ErrKeyringUnavailable is returned so the
// UI can say so; it is never written to disk in plain text.
func (s *Store) SetKey(ctx context.Context, key string) error {
	if key == "" {
		return s.DeleteKey(ctx)
	}
	_, err := s.call(ctx, func() (string, error) { return "", s.kr.Set(service, account, key) })
	if err != nil {
		s.mu.Lock()
		s.session = key
		s.mu.Unlock()
		return err
	}
	s.mu.Lock()
	s.session = ""
	s.mu.Unlock()
	return nil
}

// DeleteKey forgets the key in the keyring and in memory.
func (s *Store) DeleteKey(ctx context.Context) error {
	s.mu.Lock()
	s.session = ""
	s.mu.Unlock()
	_, err := s.call(ctx, func() (string, error) { return "", s.kr.Delete(service, account) })
	if errors.Is(err, keyring.ErrNotFound) {
		return nil
	}
	return err
}

// call runs a keyring operation in a goroutine so a hung D-Bus or a
// frozen keyring prompt cannot block the caller past the timeout.
func (s *Store) call(ctx context.Context, op func() (string, error)) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	type result struct {
		v   string
		err error
	}
	ch := make(chan result, 1)
	go func() {
		v, err := op()
		ch <- result{v, err}
	}()
	select {
	case r := <-ch:
		if r.err != nil && !errors.Is(r.err, keyring.ErrNotFound) {
			return "", fmt.Errorf("%w: %v", ErrKeyringUnavailable, r.err)
		}
		return r.v, r.err
	case <-ctx.Done():
		return "", fmt.Errorf("%w: timed out after %s", ErrKeyringUnavailable, s.timeout)
	}
}
