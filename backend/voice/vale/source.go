package vale

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"continuity/backend/voice"
)

// Source says which voice rules are active and why.
type Source struct {
	Kind     string // "vale" or "guidelines"
	Path     string
	Describe string    // e.g. ".vale.ini (Vale style Continuity, write-good)"
	Warnings []Warning // what the Vale configuration has that Continuity does not run
}

// Source kinds.
const (
	SourceVale       = "vale"
	SourceGuidelines = "guidelines"
)

// ActiveSource finds the rules a workspace at root uses: valePath when
// given, else root/.vale.ini when present, else root/guidelines.md.
func ActiveSource(root, valePath string) (Source, error) {
	if valePath != "" {
		return Source{Kind: SourceVale, Path: valePath}, nil
	}
	p := filepath.Join(root, ConfigName)
	_, err := os.Stat(p)
	switch {
	case err == nil:
		return Source{Kind: SourceVale, Path: p}, nil
	case !errors.Is(err, fs.ErrNotExist):
		return Source{}, fmt.Errorf("voice rules: %w", err)
	}
	return Source{Kind: SourceGuidelines, Path: filepath.Join(root, "guidelines.md"), Describe: "guidelines.md"}, nil
}

// LoadRules loads the active rules for a draft named file ("" reads as a
// Markdown draft). A Vale configuration that names styles Continuity
// cannot find still loads; its warnings come back in the Source.
func LoadRules(ctx context.Context, root, valePath, file string) (*voice.Guidelines, Source, error) {
	src, err := ActiveSource(root, valePath)
	if err != nil {
		return nil, src, err
	}
	if src.Kind == SourceGuidelines {
		g, err := voice.LoadFile(src.Path)
		return g, src, err
	}
	st, err := Load(ctx, src.Path)
	if err != nil {
		return nil, src, err
	}
	if file == "" {
		file = "draft.md"
	}
	rules := st.For(file)
	src.Describe = st.Describe()
	src.Warnings = append(append([]Warning(nil), st.Warnings...), rules.Warnings...)
	if rules.Guidelines.RuleCount() == 0 {
		return nil, src, fmt.Errorf("%s: no Vale rule applies to %s", src.Path, file)
	}
	return rules.Guidelines, src, nil
}

// Run checks text (the Markdown of file) with the rules and scores it,
// keeping every alert as Vale does instead of merging overlaps.
func Run(ctx context.Context, g *voice.Guidelines, text string) (voice.Result, error) {
	issues, err := voice.NewOffline(g).CheckAll(ctx, text)
	if err != nil {
		return voice.Result{}, err
	}
	score, err := voice.ScoreOf(text, issues)
	if err != nil {
		return voice.Result{}, err
	}
	return voice.Result{Issues: issues, Score: score, Engine: voice.EngineOffline}, nil
}
