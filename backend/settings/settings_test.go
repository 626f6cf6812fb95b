package settings

import (
	"context"
	"errors"
	"path/filepath"
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
