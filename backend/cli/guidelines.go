package cli

import (
	"context"
	"errors"
	"fmt"
	"os"

	"continuity/backend/voice"
)

func guidelinesCommand() *Command {
	return &Command{
		Name:    "guidelines",
		Args:    "lint [FILE]",
		Summary: "validate a voice & tone guidelines file",
		Help: `lint checks the YAML rules block of FILE (default: the workspace's guidelines.md).
Problems are printed as FILE:LINE: message, one per line, and exit with 2.`,
		Run: runGuidelines,
	}
}

type lintErrorJSON struct {
	Line    int    `json:"line"`
	Message string `json:"message"`
}

type lintJSON struct {
	File   string          `json:"file"`
	Valid  bool            `json:"valid"`
	Rules  int             `json:"rules"`
	Errors []lintErrorJSON `json:"errors"`
}

func runGuidelines(ctx context.Context, env *Env, args []string) error {
	if len(args) == 0 || args[0] != "lint" || len(args) > 2 {
		return Usagef("usage: continuity guidelines lint [FILE]")
	}
	path := ""
	if len(args) == 2 {
		path = args[1]
	} else {
		s, err := env.Session(ctx)
		if err != nil {
			return err
		}
		ws, err := s.Workspace(ctx)
		if err != nil {
			return err
		}
		path = ws.GuidelinesPath()
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("read guidelines: %w", err)
	}
	out := lintJSON{File: path, Errors: []lintErrorJSON{}}
	g, err := voice.Parse(string(src))
	var pe *voice.ParseError
	switch {
	case errors.As(err, &pe):
		for _, e := range pe.Errors {
			out.Errors = append(out.Errors, lintErrorJSON{e.Line, e.Message})
		}
	case err != nil:
		return err
	default:
		out.Valid, out.Rules = true, g.RuleCount()
	}
	if env.JSON {
		if err := env.WriteJSON(out); err != nil {
			return err
		}
	} else if out.Valid {
		fmt.Fprintf(env.Stdout, "%s: ok, %d rules\n", path, out.Rules)
	}
	if out.Valid {
		return nil
	}
	for _, e := range out.Errors {
		fmt.Fprintf(env.Stderr, "%s:%d: %s\n", path, e.Line, e.Message)
	}
	return fmt.Errorf("%s: %d problem(s) in the guidelines", path, len(out.Errors))
}
