package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"continuity/backend/check"
	"continuity/backend/engine"
)

type lintInput struct {
	Text string `json:"text" jsonschema:"the draft's text (Markdown or plain text) to check against the voice & tone guidelines"`
}

// lintIssue is one voice & tone issue located in the text sent.
type lintIssue struct {
	Line        int    `json:"line"` // 1-based; Col counts characters
	Col         int    `json:"col"`
	EndLine     int    `json:"end_line"` // the passage's last character
	EndCol      int    `json:"end_col"`
	Start       int    `json:"start"` // byte offsets of the passage in the text
	End         int    `json:"end"`
	Level       string `json:"level"`
	Rule        string `json:"rule"`
	Guideline   string `json:"guideline"`
	Explanation string `json:"explanation"`
	Passage     string `json:"passage"`
	Suggestion  string `json:"suggestion"`
	Concrete    bool   `json:"concrete"` // Suggestion replaces Passage as is
}

type lintOutput struct {
	VoiceScore float64     `json:"voice_score"`
	Issues     []lintIssue `json:"issues"`
}

func (srv *Server) addLint(ms *mcp.Server) error {
	in, err := inputSchema[lintInput](func(p map[string]*jsonschema.Schema) {
		p["text"].MinLength, p["text"].MaxLength = intPtr(1), intPtr(check.MaxDraftBytes)
	})
	if err != nil {
		return err
	}
	mcp.AddTool(ms, &mcp.Tool{Name: "lint_voice", InputSchema: in, Annotations: readOnly("Lint voice & tone"),
		Description: `Checks a text's voice & tone against the workspace's guidelines with the offline rules (no
index, no claims, no model), like "continuity lint": each issue with its line and column, level, rule,
the guideline, why, and a suggested rewrite.`},
		logged(srv.log, "lint_voice", srv.lint))
	return nil
}

func (srv *Server) lint(ctx context.Context, _ *mcp.CallToolRequest, in lintInput) (*mcp.CallToolResult, lintOutput, error) {
	var none lintOutput
	if len(in.Text) > check.MaxDraftBytes {
		return nil, none, fmt.Errorf("text: %d bytes, over the %d-byte limit", len(in.Text), check.MaxDraftBytes)
	}
	if strings.TrimSpace(in.Text) == "" {
		return nil, none, errors.New("text: empty; send the text to lint")
	}
	ws, err := srv.sess.Workspace(ctx)
	if err != nil {
		return nil, none, fmt.Errorf("lint_voice: %w", err)
	}
	res, err := check.RunVoice(ctx, srv.sess, ws, in.Text, engine.Offline)
	if err != nil {
		return nil, none, fmt.Errorf("lint_voice: %w", err)
	}
	sort.SliceStable(res.Issues, func(i, j int) bool { return res.Issues[i].Start < res.Issues[j].Start })
	out := lintOutput{VoiceScore: res.Score.Value, Issues: make([]lintIssue, 0, len(res.Issues))}
	var b strings.Builder
	fmt.Fprintf(&b, "Voice & tone · score %.0f · %d issue(s)\n", res.Score.Value, len(res.Issues))
	for _, is := range res.Issues {
		li := lintIssue{Start: is.Start, End: is.End, Level: string(is.Level), Rule: is.Rule, Guideline: is.Guideline,
			Explanation: is.Explanation, Passage: is.Passage, Suggestion: is.Suggestion, Concrete: is.Concrete}
		li.Line, li.Col = position(in.Text, is.Start)
		last := is.Start
		if is.End > is.Start {
			_, size := utf8.DecodeLastRuneInString(in.Text[:is.End])
			last = is.End - size
		}
		li.EndLine, li.EndCol = position(in.Text, last)
		out.Issues = append(out.Issues, li)
		fmt.Fprintf(&b, "%d:%d %s %s %q: %s\n", li.Line, li.Col, li.Level, li.Rule, oneLine(li.Passage, 120), oneLine(li.Guideline, 200))
	}
	return textResult(b.String()), out, nil
}

// position is the 1-based line and character column of byte offset off.
func position(text string, off int) (line, col int) {
	off = min(max(off, 0), len(text))
	before := text[:off]
	line = strings.Count(before, "\n") + 1
	start := strings.LastIndexByte(before, '\n') + 1
	return line, utf8.RuneCountInString(before[start:]) + 1
}
