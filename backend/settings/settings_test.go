package settings

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/store"
)

func TestValidate(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		mutate func(*Settings)
		ok     bool
	}{
		{"defaults", func(*Settings) {}, true},
		{"llm with ollama url", func(s *Settings) { s.Engine = EngineLLM; s.BaseURL = "http://localhost:11434/v1" }, true},
		{"unknown engine", func(s *Settings) { s.Engine = "gpt" }, false},
		{"ftp url", func(s *Settings) { s.BaseURL = "ftp://x" }, false},
		{"credentials in url", func(s *Settings) { s.BaseURL = "https://u:p@api.example" }, false},
		{"zero timeout", func(s *Settings) { s.TimeoutSeconds = 0 }, false},
		{"azure api version", func(s *Settings) { s.APIVersion = "2024-10-21" }, true},
		{"api version with query", func(s *Settings) { s.APIVersion = "x&y=1" }, false},
		{"llm without answer model", func(s *Settings) { s.Engine = EngineLLM; s.Models.Answer = " " }, false},
		{"plain http to a remote host", func(s *Settings) { s.BaseURL = "http://api.example.com/v1" }, false},
		{"plain http to a LAN server", func(s *Settings) { s.BaseURL = "http://192.168.1.20:8000/v1" }, false},
		{"plain http to a LAN server, allowed", func(s *Settings) { s.BaseURL, s.AllowInsecureHTTP = "http://192.168.1.20:8000/v1", true }, true},
		{"plain http to 127.0.0.1", func(s *Settings) { s.BaseURL = "http://127.0.0.1:1234/v1" }, true},
		{"plain http to ::1", func(s *Settings) { s.BaseURL = "http://[::1]:8000/v1" }, true},
		{"absolute corpus dir", func(s *Settings) { s.CorpusDir = filepath.Join(absRoot(), "help", "center") }, true},
		{"relative corpus dir", func(s *Settings) { s.CorpusDir = filepath.Join("help", "center") }, false},
		{"dot-relative corpus dir", func(s *Settings) { s.CorpusDir = "./help" }, false},
		{"home-relative corpus dir", func(s *Settings) { s.CorpusDir = "~/help" }, false},
		{"corpus dir with ..", func(s *Settings) {
			s.CorpusDir = filepath.Join(absRoot(), "a") + string(filepath.Separator) + ".." + string(filepath.Separator) + "b"
		}, false},
		{"corpus dir ending in ..", func(s *Settings) { s.CorpusDir = absRoot() + "a/.." }, false},
		{"name with dots is fine", func(s *Settings) { s.CorpusDir = filepath.Join(absRoot(), "v1..2") }, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := Defaults()
			c.mutate(&s)
			err := s.Validate()
			if c.ok != (err == nil) {
				t.Fatalf("Validate() = %v, want ok=%v", err, c.ok)
			}
			if err != nil && !errors.Is(err, ErrInvalid) {
				t.Fatalf("error %v does not wrap ErrInvalid", err)
			}
		})
	}
}

// absRoot is an absolute root on this OS ("/" or the current volume).
func absRoot() string {
	if v := filepath.VolumeName(os.TempDir()); v != "" {
		return v + `\`
	}
	return "/"
}

// Save must refuse what Validate refuses, with the field named, so the
// Settings view can show why.
func TestSaveRejectsRelativeCorpusDir(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	repo := newTestRepo(t)
	for _, dir := range []string{"corpus", "../corpus", absRoot() + "x/../y"} {
		s := Defaults()
		s.CorpusDir = dir
		err := repo.Save(ctx, s)
		if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "corpus_dir") {
			t.Fatalf("Save(corpus_dir %q) = %v, want a corpus_dir ErrInvalid", dir, err)
		}
	}
	if got, _ := repo.Load(ctx); got != Defaults() {
		t.Fatalf("a rejected save changed the settings: %+v", got)
	}
}

func TestSaveLoadRoundTripAcrossReopen(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "c.db")
	db, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	repo, err := NewRepo(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := repo.Load(ctx); got != Defaults() {
		t.Fatalf("first load = %+v, want defaults", got)
	}
	want := Defaults()
	want.Engine, want.BaseURL, want.Models.Judge = EngineLLM, "http://127.0.0.1:1234/v1", "judge-x"
	want.AllowInsecureHTTP, want.CorpusDir = true, filepath.Join(absRoot(), "corpus")
	if err := repo.Save(ctx, want); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db, _ = store.Open(ctx, path)
	defer db.Close()
	repo, _ = NewRepo(ctx, db)
	if got, err := repo.Load(ctx); err != nil || got != want {
		t.Fatalf("Load() = %+v, %v; want %+v", got, err, want)
	}
	bad := want
	bad.Engine = "nope"
	if err := repo.Save(ctx, bad); err == nil {
		t.Fatal("saved invalid settings")
	}
}

// newTestRepo is a settings repo on a fresh SQLite file, closed with the test.
func newTestRepo(t *testing.T) *Repo {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	repo, err := NewRepo(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	return repo
}
