package cli

import (
	"context"
	"flag"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"continuity/backend/draftfile"
	"continuity/backend/logging"
	"continuity/backend/muddy"
	"continuity/backend/voice"
)

func lintCommand() *Command {
	return &Command{
		Name:    "lint",
		Args:    "FILE…",
		Summary: "check drafts' voice & tone only (no index, no claims, no models)",
		Help: `Runs the voice & tone rules of the workspace's guidelines.md over each FILE
(.md, .txt, .html or .docx, read as Markdown), in one process and offline.
One line per issue on stdout, Vale-style:
  FILE:LINE:COL LEVEL RULE MESSAGE
LINE and COL are 1-based (COL counts characters) and locate the start of the
issue's passage in the file's Markdown. A summary line goes to stderr.
--json prints an array of {"file","line","col","end_line","end_col","level",
"rule","message","passage","suggestion"}; end_line/end_col locate the passage's
last character. Exit 1 when an issue at or above --fail-on is found, 2 when a
file cannot be read or the guidelines are broken.
--vale PATH/.vale.ini lints with that Vale configuration; a workspace with a
.vale.ini at its root uses it without the flag. Either way the rules in use
and whatever of the configuration Continuity cannot run go to stderr.
--muddy adds muddy-sentence suggestions (level "suggestion", rule
"muddy/KIND"): sentences that bind two facts or subjects so a retriever
can mis-attach them, each with why and a split rewrite. Suggestions never
change the exit code.
--changed [--base REF] lints, instead of FILEs, the Markdown/HTML pages
changed since REF in the workspace's git repository and reports only the
issues on new or edited paragraphs (see check --changed).`,
		Flags: func(fs *flag.FlagSet) RunFunc {
			failOn := fs.String("fail-on", "required", "exit 1 on issues of this level or above: required or recommended")
			withMuddy := fs.Bool("muddy", false, "also suggest splitting muddy sentences (never fails the lint)")
			valePath := fs.String("vale", "", "lint with this .vale.ini instead of the workspace's rules")
			changedMode := addChangedFlags(fs, false)
			return func(ctx context.Context, env *Env, args []string) error {
				if err := changedMode.usage(args); err != nil {
					return err
				}
				if *changedMode.on {
					return runLintChanged(ctx, env, *failOn, *withMuddy, *valePath, *changedMode.base)
				}
				return runLint(ctx, env, args, *failOn, *withMuddy, *valePath)
			}
		},
	}
}

// lintIssue is one issue as lint prints it.
type lintIssue struct {
	File       string `json:"file"`
	Line       int    `json:"line"`
	Col        int    `json:"col"`
	EndLine    int    `json:"end_line"`
	EndCol     int    `json:"end_col"`
	Level      string `json:"level"`
	Rule       string `json:"rule"`
	Message    string `json:"message"`
	Passage    string `json:"passage"`
	Suggestion string `json:"suggestion"`
}

func runLint(ctx context.Context, env *Env, files []string, failOn string, withMuddy bool, valePath string) error {
	if failOn != string(voice.Required) && failOn != string(voice.Recommended) {
		return Usagef("--fail-on must be required or recommended, got %q", failOn)
	}
	if len(files) == 0 {
		return Usagef("lint needs one or more FILEs")
	}
	s, err := env.Session(ctx)
	if err != nil {
		return err
	}
	ws, err := s.Workspace(ctx)
	if err != nil {
		return err
	}
	// broken guidelines fail every file alike: say so once, before any
	voiceOf, lex, err := lintRules(ctx, env, s, ws, valePath, withMuddy)
	if err != nil {
		return err
	}
	issues := []lintIssue{}
	var failed []string
	for _, f := range files {
		found, err := lintFile(ctx, f, lex, func(md string) (voice.Result, error) {
			return voiceOf(f, md)
		})
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			failed = append(failed, err.Error())
			continue
		}
		issues = append(issues, found...)
	}
	if err := writeLint(env, issues); err != nil {
		return err
	}
	counts := map[string]int{}
	for _, is := range issues {
		counts[is.Level]++
	}
	fmt.Fprintf(env.Stderr, "%d voice issue(s) in %d file(s): %d required, %d recommended\n",
		len(issues)-counts[muddySuggestion], len(files)-len(failed), counts[string(voice.Required)], counts[string(voice.Recommended)])
	if withMuddy {
		fmt.Fprintf(env.Stderr, "%d muddy-sentence suggestion(s)\n", counts[muddySuggestion])
	}
	if len(failed) > 0 {
		return fmt.Errorf("lint: %d file(s) could not be linted: %s", len(failed), strings.Join(failed, "; "))
	}
	gate := counts[string(voice.Required)]
	if failOn == string(voice.Recommended) {
		gate += counts[string(voice.Recommended)]
	}
	if gate > 0 {
		return Failed("%d voice issue(s) at or above %s", gate, failOn)
	}
	return nil
}

// lintFile reads one file as Markdown and locates its voice issues in it,
// and its muddy sentences when lex is not nil.
func lintFile(ctx context.Context, path string, lex muddy.Lexicon, run func(md string) (voice.Result, error)) ([]lintIssue, error) {
	if _, err := draftfile.FormatOf(path); err != nil {
		return nil, fmt.Errorf("%s: a draft must be .md, .txt or .html, or a Word .docx", path)
	}
	d, err := draftfile.Read(ctx, path)
	if err != nil {
		return nil, err
	}
	res, err := run(d.Markdown)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	sort.SliceStable(res.Issues, func(i, j int) bool { return res.Issues[i].Start < res.Issues[j].Start })
	pos := newPositions(d.Markdown)
	out := make([]lintIssue, 0, len(res.Issues))
	for _, is := range res.Issues {
		li := lintIssue{File: path, Level: string(is.Level), Rule: is.Rule, Passage: is.Passage, Suggestion: is.Suggestion,
			Message: issueMessage(is)}
		li.Line, li.Col = pos.at(is.Start)
		last := is.Start
		if is.End > is.Start {
			_, size := utf8.DecodeLastRuneInString(d.Markdown[:is.End])
			last = is.End - size
		}
		li.EndLine, li.EndCol = pos.at(last)
		out = append(out, li)
	}
	if lex == nil {
		return out, nil
	}
	fs, err := muddy.Find(ctx, d.Markdown, lex)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	for _, f := range fs {
		out = append(out, muddyIssue(path, pos, f))
	}
	sort.SliceStable(out, func(i, j int) bool {
		return out[i].Line < out[j].Line || out[i].Line == out[j].Line && out[i].Col < out[j].Col
	})
	return out, nil
}

// muddySuggestion is the level of a muddy-sentence finding: advice that
// never fails a lint.
const muddySuggestion = "suggestion"

func muddyIssue(path string, pos positions, f muddy.Finding) lintIssue {
	li := lintIssue{File: path, Level: muddySuggestion, Rule: "muddy/" + string(f.Kind),
		Message: oneLineText(f.Why), Passage: f.Sentence, Suggestion: f.Rewrite}
	li.Line, li.Col = pos.at(f.Start)
	_, size := utf8.DecodeLastRuneInString(f.Sentence)
	li.EndLine, li.EndCol = pos.at(f.End - size)
	return li
}

// positions turns byte offsets into 1-based lines and character columns.
type positions struct {
	text  string
	lines []int // byte offset at which each line starts
}

func newPositions(text string) positions {
	p := positions{text: text, lines: []int{0}}
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			p.lines = append(p.lines, i+1)
		}
	}
	return p
}

func (p positions) at(off int) (line, col int) {
	off = min(max(off, 0), len(p.text))
	i := sort.Search(len(p.lines), func(i int) bool { return p.lines[i] > off }) - 1
	return i + 1, utf8.RuneCountInString(p.text[p.lines[i]:off]) + 1
}

// issueMessage is the guideline's message, naming the replacement when
// the rule has one and the message does not already say it.
func issueMessage(is voice.Issue) string {
	msg := oneLineText(is.Guideline)
	if msg == "" {
		msg = oneLineText(is.Explanation)
	}
	if sug := oneLineText(is.Suggestion); is.Concrete && sug != "" && !strings.Contains(msg, sug) {
		msg += " Use “" + sug + "”."
	}
	return msg
}

func oneLineText(s string) string { return strings.Join(strings.Fields(s), " ") }

func writeLint(env *Env, issues []lintIssue) error {
	if env.JSON {
		return env.WriteJSON(issues)
	}
	for _, is := range issues {
		if _, err := fmt.Fprintf(env.Stdout, "%s:%d:%d %s %s %s\n", logging.Name(is.File), is.Line, is.Col, is.Level, is.Rule, logging.Escape(is.Message)); err != nil {
			return err
		}
	}
	return nil
}
