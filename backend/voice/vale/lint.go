package vale

import (
	"context"
	"fmt"
	"sort"

	"continuity/backend/voice"
)

// Finding is one alert as Vale prints it: FILE:LINE:COL:CHECK:MESSAGE.
type Finding struct {
	File    string
	Line    int
	Col     int
	Check   string
	Level   string // Vale's level
	Message string
	Issue   voice.Issue
}

func (f Finding) String() string {
	return fmt.Sprintf("%s:%d:%d:%s:%s", f.File, f.Line, f.Col, f.Check, f.Message)
}

// Lint checks text (the Markdown of file) with the rules Vale would use for
// file. Unlike the voice engine's merged result, every alert is kept, as
// Vale reports them; findings come in position order.
func (s *Style) Lint(ctx context.Context, file, text string) ([]Finding, error) {
	rules := s.For(file)
	issues, err := voice.NewOffline(rules.Guidelines).CheckAll(ctx, text)
	if err != nil {
		return nil, err
	}
	out := make([]Finding, 0, len(issues))
	for _, is := range issues {
		line, col := voice.LineCol(text, is.Start)
		out = append(out, Finding{File: file, Line: line, Col: col, Check: is.Rule, Level: rules.Levels[is.Rule],
			Message: is.Guideline, Issue: is})
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Col != b.Col {
			return a.Col < b.Col
		}
		return a.Check < b.Check
	})
	return dedupe(out), nil
}

// dedupe drops alerts of one check at one place, as Vale does.
func dedupe(in []Finding) []Finding {
	var out []Finding
	seen := map[string]bool{}
	for _, f := range in {
		k := fmt.Sprintf("%d:%d:%s", f.Line, f.Col, f.Check)
		if !seen[k] {
			seen[k] = true
			out = append(out, f)
		}
	}
	return out
}
