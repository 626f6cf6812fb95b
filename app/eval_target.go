package app

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/wailsapp/wails/v2/pkg/runtime"

	"continuity/backend/engine"
	"continuity/backend/eval"
	"continuity/backend/evalrun"
	"continuity/backend/scoreview"
	"continuity/backend/target"
)

// Target kinds the view picks from.
const (
	targetBuiltin   = eval.TargetBuiltin
	targetHTTP      = eval.TargetHTTP
	targetResponses = eval.TargetResponses
)

// targetExts are the file types each kind of target reads.
var targetExts = map[string][]string{
	targetHTTP:      {".yaml", ".yml"},
	targetResponses: {".jsonl", ".ndjson", ".csv", ".xlsx"},
}

// openTargetDialog asks for a file; tests replace it (a native dialog
// cannot be driven there).
var openTargetDialog = runtime.OpenFileDialog

// checkTargetPath checks that a target's path names a regular file of its
// kind, so a script in the webview cannot have any file read as a target.
func checkTargetPath(kind, path string) error {
	exts, ok := targetExts[kind]
	if !ok {
		return fmt.Errorf("target kind must be builtin, http or responses, got %q", kind)
	}
	if path == "" {
		return fmt.Errorf("a %s target needs a file: choose one", kind)
	}
	if !filepath.IsAbs(path) || strings.ContainsRune(path, 0) {
		return fmt.Errorf("target file must be an absolute path, got %q", filepath.Base(path))
	}
	if !slices.Contains(exts, strings.ToLower(filepath.Ext(path))) {
		return fmt.Errorf("%s is not a %s file (want %s)", filepath.Base(path), kind, strings.Join(exts, ", "))
	}
	return nil
}

// targetChoice is the evalrun target of the view's choice.
func targetChoice(t EvalTargetDTO) (evalrun.Target, error) {
	switch t.Kind {
	case "", targetBuiltin:
		if t.Path != "" {
			return evalrun.Target{}, errors.New("the built-in pipeline takes no target file")
		}
		return evalrun.Target{}, nil
	}
	if err := checkTargetPath(t.Kind, t.Path); err != nil {
		return evalrun.Target{}, err
	}
	if t.Kind == targetHTTP {
		return evalrun.Target{File: t.Path, Getenv: os.Getenv}, nil
	}
	return evalrun.Target{Responses: t.Path}, nil
}

// judgeOf is the engine and judge of a run, as the command line reads
// --engine and --judge: with the built-in pipeline the engine picks both
// the answerer and the judges; with a target the judge may pick them.
func judgeOf(eng engine.Engine, judge string, builtin bool) (engine.Engine, eval.Judge, error) {
	switch judge {
	case "":
		return eng, eval.JudgeEngine, nil
	case string(eval.JudgeNone):
		return eng, eval.JudgeNone, nil
	}
	j, err := engine.Parse(judge)
	if err != nil {
		return "", "", fmt.Errorf("judge must be none, offline or llm, got %q", judge)
	}
	if builtin && j != eng {
		return "", "", fmt.Errorf("with the built-in pipeline the engine picks both the answerer and the judges: choose the %s engine (or judge none)", j)
	}
	return j, eval.JudgeEngine, nil
}

// ChooseTargetFile asks for a target file (kind http: .yaml, .yml) or a
// responses file (kind responses: .jsonl, .csv, .xlsx) with the native
// dialog, starting in the workspace folder. It returns the path, or ""
// when the dialog was cancelled.
func (s *EvalService) ChooseTargetFile(kind string) (string, error) {
	exts, ok := targetExts[kind]
	if !ok {
		return "", fmt.Errorf("target kind must be http or responses, got %q", kind)
	}
	s.c.ready()
	ws, err := s.c.sess.Workspace(s.c.ctx)
	if err != nil {
		return "", err
	}
	patterns := make([]string, len(exts))
	for i, e := range exts {
		patterns[i] = "*" + e
	}
	title, name := "Choose the team assistant's target file", "Target files (*.yaml, *.yml)"
	if kind == targetResponses {
		title, name = "Choose a recorded responses file", "Recorded responses (*.jsonl, *.csv, *.xlsx)"
	}
	return openTargetDialog(s.c.ctx, runtime.OpenDialogOptions{Title: title, DefaultDirectory: ws.Root,
		Filters: []runtime.FileFilter{{DisplayName: name, Pattern: strings.Join(patterns, ";")}}})
}

// ValidateTarget parses a target file (kind http) or a responses file
// (kind responses) without running anything, so its problems show with
// their file and line (or row) before a run starts. A variable the target
// references that is not set is a problem too; its value never leaves here.
func (s *EvalService) ValidateTarget(kind, path string) (TargetCheckDTO, error) {
	if err := checkTargetPath(kind, path); err != nil {
		return TargetCheckDTO{}, err
	}
	s.c.ready()
	out := TargetCheckDTO{Kind: kind, File: filepath.Base(path), Problems: []TargetProblemDTO{}, Warnings: []string{}}
	if kind == targetHTTP {
		s.validateHTTP(path, &out)
	} else {
		s.validateResponses(path, &out)
	}
	out.ShortHash = scoreview.ShortHash(out.SHA256)
	out.OK = len(out.Problems) == 0
	return out, nil
}

func (s *EvalService) validateHTTP(path string, out *TargetCheckDTO) {
	cfg, err := target.Load(s.c.ctx, path)
	var ce *target.ConfigError
	switch {
	case errors.As(err, &ce):
		out.Problems = append(out.Problems, TargetProblemDTO{File: ce.File, Line: ce.Line, Message: ce.Msg, Text: ce.Error()})
		return
	case err != nil:
		out.Problems = append(out.Problems, TargetProblemDTO{File: out.File, Message: err.Error(), Text: err.Error()})
		return
	}
	out.File, out.SHA256, out.URL, out.Method = cfg.File, cfg.SHA256, target.SafeURL(cfg.URL), cfg.Method
	out.Warnings = append(out.Warnings, cfg.Warnings...)
	for _, name := range cfg.EnvNames() {
		if os.Getenv(name) == "" {
			msg := fmt.Sprintf("environment variable %s is not set (the target's url or headers reference ${%s}); set it before starting the app", name, name)
			out.Problems = append(out.Problems, TargetProblemDTO{File: cfg.File, Message: msg, Text: cfg.File + ": " + msg})
		}
	}
}

func (s *EvalService) validateResponses(path string, out *TargetCheckDTO) {
	rec, err := target.ReadResponses(s.c.ctx, path)
	var re *target.ResponsesError
	switch {
	case errors.As(err, &re):
		for _, p := range re.Problems {
			out.Problems = append(out.Problems, TargetProblemDTO{File: p.File, Line: p.Row, Column: p.Column, Message: p.Msg, Text: p.String()})
		}
		return
	case err != nil:
		out.Problems = append(out.Problems, TargetProblemDTO{File: out.File, Message: err.Error(), Text: err.Error()})
		return
	}
	out.File, out.SHA256, out.Format, out.Rows = rec.File, rec.SHA256, rec.Format, len(rec.Rows)
	out.Warnings = append(out.Warnings, rec.Warnings...)
}
