package engine

import (
	"errors"
	"testing"
)

func TestParse(t *testing.T) {
	cases := []struct {
		name, in string
		want     Engine
		err      error
	}{
		{"offline", "offline", Offline, nil},
		{"llm", "llm", LLM, nil},
		{"case and space", "  LLM ", LLM, nil},
		{"empty", "", "", ErrUnknown},
		{"other", "gpt", "", ErrUnknown},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Parse(c.in)
			if got != c.want || !errors.Is(err, c.err) {
				t.Errorf("Parse(%q) = %q, %v; want %q, %v", c.in, got, err, c.want, c.err)
			}
		})
	}
}
