package secret

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/zalando/go-keyring"
)

const (
	service = "continuity"
	// account holds {"host","key"}: the key and the host it was saved for.
	account = "api-key"
	// legacyAccount is where keys lived before they were bound to a host;
	// such a key is taken to belong to DefaultHost (its name says openai)
	// and is removed when a new key is saved.
	legacyAccount = "openai-api-key"

	// EnvKey is read when the keyring holds no key for the endpoint.
	EnvKey = "OPENAI_API_KEY"
	// EnvKeyHost names the host EnvKey belongs to (a URL or host[:port]).
	// Without it the key belongs to the host of EnvBaseURL, the variable
	// the OpenAI SDKs pair it with, and failing that to DefaultHost.
	EnvKeyHost = "CONTINUITY_API_KEY_HOST"
	// EnvBaseURL is the OpenAI SDKs' base URL variable.
	EnvBaseURL = "OPENAI_BASE_URL"
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

// ErrBadEntry means the keyring holds something that is not a key bound
// to a host; it is never used.
var ErrBadEntry = errors.New("the keyring entry is not a host-bound API key")

// Entry is an available key and the host it belongs to. The zero Entry
// (Source "") and SourceNone both mean no key.
type Entry struct {
	Key    string
	Host   string
	Source Source
}

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
	session Entry
	team    Team // the team server, when the keyring could not keep it
}

// New returns a Store on the OS keyring.
func New() *Store {
	return &Store{kr: osKeyring{}, timeout: 2 * time.Second, getenv: os.Getenv}
}

type storedKey struct {
	Host string `json:"host"`
	Key  string `json:"key"`
}

// Key returns the first available key whatever host it belongs to, for
// redaction and status. Calling an endpoint goes through For, which
// withholds a key saved for another host. A missing key is not an error:
// the offline engine needs none.
func (s *Store) Key(ctx context.Context) (string, Source, error) {
	e, err := s.Current(ctx)
	return e.Key, e.Source, err
}

// Current is the first available key in order session, keyring,
// environment. A keyring error is returned only when no key was found.
func (s *Store) Current(ctx context.Context) (Entry, error) {
	e, _, err := s.find(ctx, func(Entry) bool { return true })
	return e, err
}

// For returns the key that belongs to baseURL's host (see HostOf), trying
// the session, the keyring and the environment in turn. When keys exist
// but all belong to other hosts it returns no key and a *WrongHostError
// naming the first one, so the key never travels to a host it was not
// saved for. No key at all is an empty Entry and no error (or the keyring
// error, if the keyring failed).
func (s *Store) For(ctx context.Context, baseURL string) (Entry, error) {
	host, err := HostOf(baseURL)
	if err != nil {
		return Entry{Source: SourceNone}, err
	}
	e, first, err := s.find(ctx, func(e Entry) bool { return e.Host == host })
	if e.Key != "" {
		return e, nil
	}
	if first.Key != "" {
		return Entry{Source: SourceNone}, &WrongHostError{KeyHost: first.Host, Host: host, Source: first.Source}
	}
	return e, err
}

// find returns the first entry accepted, the first entry seen and, when
// nothing was accepted, the keyring error if any. Sources are read lazily
// so a session key never waits on a hung keyring.
func (s *Store) find(ctx context.Context, accept func(Entry) bool) (Entry, Entry, error) {
	var first Entry
	var errs []error
	for _, read := range []func(context.Context) (Entry, error){s.sessionEntry, s.keyringEntry, s.envEntry} {
		e, err := read(ctx)
		if err != nil {
			errs = append(errs, err)
		}
		if e.Key == "" {
			continue
		}
		if first.Key == "" {
			first = e
		}
		if accept(e) {
			return e, first, nil
		}
	}
	return Entry{Source: SourceNone}, first, errors.Join(errs...)
}

func (s *Store) sessionEntry(context.Context) (Entry, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.session, nil
}

func (s *Store) keyringEntry(ctx context.Context) (Entry, error) {
	v, err := s.call(ctx, func() (string, error) { return s.kr.Get(service, account) })
	switch {
	case err == nil && v != "":
		var sk storedKey
		if jerr := json.Unmarshal([]byte(v), &sk); jerr != nil || sk.Key == "" || sk.Host == "" {
			// The value may be a key: never put it (or the JSON error,
			// which quotes it) in the message.
			return Entry{}, fmt.Errorf("%w: keyring %s/%s; save the key again in Settings", ErrBadEntry, service, account)
		}
		return Entry{Key: sk.Key, Host: sk.Host, Source: SourceKeyring}, nil
	case err != nil && !errors.Is(err, keyring.ErrNotFound):
		return Entry{}, err
	}
	v, err = s.call(ctx, func() (string, error) { return s.kr.Get(service, legacyAccount) })
	if err == nil && v != "" {
		return Entry{Key: v, Host: DefaultHost, Source: SourceKeyring}, nil
	}
	if err != nil && !errors.Is(err, keyring.ErrNotFound) {
		return Entry{}, err
	}
	return Entry{}, nil
}

func (s *Store) envEntry(context.Context) (Entry, error) {
	key := s.getenv(EnvKey)
	if key == "" {
		return Entry{}, nil
	}
	hint, name := s.getenv(EnvKeyHost), EnvKeyHost
	if hint == "" {
		hint, name = s.getenv(EnvBaseURL), EnvBaseURL
	}
	if hint == "" {
		return Entry{Key: key, Host: DefaultHost, Source: SourceEnv}, nil
	}
	host, err := hostHint(hint)
	if err != nil {
		return Entry{}, fmt.Errorf("secret: %s: %w", name, err)
	}
	return Entry{Key: key, Host: host, Source: SourceEnv}, nil
}

// SetKey stores key in the keyring, bound to baseURL's host (see HostOf):
// it will only be sent to that host. When the keyring is unavailable the
// key is kept for this session only and ErrKeyringUnavailable is returned
// so the UI can say so; it is never written to disk in plain text.
func (s *Store) SetKey(ctx context.Context, key, baseURL string) error {
	if key == "" {
		return s.DeleteKey(ctx)
	}
	host, err := HostOf(baseURL)
	if err != nil {
		return err
	}
	b, err := json.Marshal(storedKey{Host: host, Key: key})
	if err != nil {
		return fmt.Errorf("secret: encode key: %w", err)
	}
	_, err = s.call(ctx, func() (string, error) { return "", s.kr.Set(service, account, string(b)) })
	s.mu.Lock()
	if err != nil {
		s.session = Entry{Key: key, Host: host, Source: SourceSession}
	} else {
		s.session = Entry{}
	}
	s.mu.Unlock()
	if err != nil {
		return err
	}
	if err := s.deleteAccount(ctx, legacyAccount); err != nil {
		return fmt.Errorf("secret: the key is saved, but the old unbound key could not be removed: %w", err)
	}
	return nil
}

// DeleteKey forgets the key in the keyring (both the host-bound entry and
// any old unbound one) and in memory.
func (s *Store) DeleteKey(ctx context.Context) error {
	s.mu.Lock()
	s.session = Entry{}
	s.mu.Unlock()
	err := s.deleteAccount(ctx, account)
	if errors.Is(err, ErrKeyringUnavailable) {
		return err // a second call would only wait out another timeout
	}
	return errors.Join(err, s.deleteAccount(ctx, legacyAccount))
}

func (s *Store) deleteAccount(ctx context.Context, user string) error {
	_, err := s.call(ctx, func() (string, error) { return "", s.kr.Delete(service, user) })
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
			return "", fmt.Errorf("%w: %w", ErrKeyringUnavailable, r.err)
		}
		return r.v, r.err
	case <-ctx.Done():
		return "", fmt.Errorf("%w: timed out after %s", ErrKeyringUnavailable, s.timeout)
	}
}
