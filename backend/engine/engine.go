// Package engine names the two ways Continuity decides anything (claim
// verdicts, voice issues, evaluation metrics): one type and one parser, so
// every face and every use case accepts and spells them the same way.
package engine

import (
	"errors"
	"fmt"
	"strings"
)

// Engine is a decision engine.
type Engine string

const (
	// Offline runs on this machine with no key: rules and local models.
	Offline Engine = "offline"
	// LLM calls an OpenAI-compatible endpoint.
	LLM Engine = "llm"
)

// All lists the engines in the order they are offered.
var All = []Engine{Offline, LLM}

// ErrUnknown is returned by Parse for a name that is no engine.
var ErrUnknown = errors.New("unknown engine")

// Parse reads an engine name, case- and space-insensitively.
func Parse(s string) (Engine, error) {
	switch e := Engine(strings.ToLower(strings.TrimSpace(s))); e {
	case Offline, LLM:
		return e, nil
	}
	return "", fmt.Errorf("%w %q (want %s or %s)", ErrUnknown, s, Offline, LLM)
}

// String is the engine's name as stored and shown.
func (e Engine) String() string { return string(e) }
