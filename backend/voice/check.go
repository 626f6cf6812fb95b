package voice

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// Result is one voice check of one draft.
type Result struct {
	Issues  []Issue
	Score   Score
	Engine  string // EngineOffline, or EngineLLM (the model's issues merged with the rules')
	Model   string // the model that answered; "" offline
	Dropped int    // model issues whose passage was not in the draft
}

// ErrNoGuidelines means the workspace has no guidelines file.
var ErrNoGuidelines = errors.New("no guidelines file")

// LoadFile reads and parses a guidelines file.
func LoadFile(path string) (*Guidelines, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s", ErrNoGuidelines, path)
	}
	if err != nil {
		return nil, fmt.Errorf("read guidelines: %w", err)
	}
	g, err := Parse(string(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}

// Run checks text with the rules and, when c is not nil, with the model
// too, then merges and scores. c is an interface: pass a nil literal, not
// a typed nil pointer, for the offline engine.
func Run(ctx context.Context, g *Guidelines, text string, c completer) (Result, error) {
	issues, err := NewOffline(g).Check(ctx, text)
	if err != nil {
		return Result{}, err
	}
	res := Result{Engine: EngineOffline}
	if c != nil {
		eng, err := NewLLM(c, g)
		if err != nil {
			return Result{}, err
		}
		lr, err := eng.Check(ctx, text)
		if err != nil {
			return Result{}, err
		}
		issues = Merge(issues, lr.Issues)
		res.Engine, res.Model, res.Dropped = EngineLLM, lr.Model, lr.Dropped
	}
	res.Issues = issues
	if res.Score, err = ScoreOf(text, issues); err != nil {
		return Result{}, err
	}
	return res, nil
}
