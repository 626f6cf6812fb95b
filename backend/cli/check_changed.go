package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"continuity/backend/changed"
	"continuity/backend/check"
	"continuity/backend/engine"
	"continuity/backend/logging"
	"continuity/backend/voice"
)

// changedFlags are check's and lint's --changed mode.
type changedFlags struct {
	on    *bool
	base  *string
	junit *string
	// check only: record the findings on a team server
	server, serverWorkspace, ref *string
}

func addChangedFlags(fs *flag.FlagSet, withJUnit bool) changedFlags {
	f := changedFlags{
		on:   fs.Bool("changed", false, "only the Markdown/HTML pages changed since --base in the workspace's git repository (git on PATH)"),
		base: fs.String("base", "", "with --changed: the ref to compare with (default: merge base with origin/HEAD, origin/main, main or master)"),
	}
	if withJUnit {
		f.junit = fs.String("junit", "", "with --changed: also write a JUnit XML report to this file")
		f.server = fs.String("server", "", "with --changed: record the findings on this team server (token: $CONTINUITY_TOKEN)")
		f.serverWorkspace = fs.String("server-workspace", "", "with --server: the server's workspace ID, when the token may use several")
		f.ref = fs.String("ref", "", "with --server: what is checked, e.g. the PR (default: $GITHUB_REF)")
	}
	return f
}

// usage refuses the --changed flags where they mean nothing.
func (f changedFlags) usage(args []string) error {
	switch {
	case !*f.on && *f.base != "":
		return Usagef("--base needs --changed")
	case !*f.on && f.junit != nil && *f.junit != "":
		return Usagef("--junit needs --changed")
	case !*f.on && f.server != nil && *f.server != "":
		return Usagef("--server needs --changed")
	case *f.on && len(args) > 0:
		return Usagef("--changed checks the changed pages; it takes no FILE")
	}
	return nil
}

func runCheckChanged(ctx context.Context, env *Env, f changedFlags, engineName string, k int, allowDegraded bool) error {
	var eng engine.Engine
	if engineName != "" {
		e, err := engine.Parse(engineName)
		if err != nil {
			return Usagef("--engine must be offline or llm, got %q", engineName)
		}
		eng = e
	}
	if k < 0 || k > 100 {
		return Usagef("--k must be between 1 and 100, got %d", k)
	}
	s, err := env.Session(ctx)
	if err != nil {
		return err
	}
	gate, err := offlineModelGate(ctx, s, eng, allowDegraded)
	if err != nil {
		return err
	}
	out, err := changed.Run(ctx, s, changed.Request{Base: *f.base, Engine: eng, K: k}, progressBar(env))
	if err := reportCheckIndex(env, out.Repairs, out.Synced, err); err != nil {
		return err
	}
	rep := out.Report
	if err := gate.after(rep.Model); err != nil {
		return err
	}
	gate.warn(env, rep.Model)
	if *f.server != "" {
		if err := sendPRCheck(ctx, env, f, rep); err != nil {
			return err
		}
	}
	if *f.junit != "" {
		if err := writeFileWith(*f.junit, func(w io.Writer) error { return changed.WriteJUnit(w, rep) }); err != nil {
			return err
		}
	}
	if env.JSON {
		if err := env.WriteJSON(changedJSON{rep, gate.degraded(rep.Model)}); err != nil {
			return err
		}
	} else {
		writeChangedText(env.Stdout, rep)
	}
	var failed []string
	if rep.Summary.Contradicted > 0 {
		failed = append(failed, fmt.Sprintf("%d claim(s) in changed paragraphs contradicted by the published corpus", rep.Summary.Contradicted))
	}
	// a page pushed out of the index by another's ID fails the gate like a
	// contradiction: exit 1, the check ran and found a fault in the change
	if n := len(rep.Duplicates); n > 0 {
		failed = append(failed, fmt.Sprintf("%d changed page(s) share a document id with another page", n))
	}
	if len(failed) > 0 {
		return Failed("%s", strings.Join(failed, "; "))
	}
	return nil
}

// sendPRCheck records the report on the team server; a report that did not
// reach it is an error, so CI never believes it was recorded.
func sendPRCheck(ctx context.Context, env *Env, f changedFlags, rep changed.Report) error {
	c, ws, err := serverClient(ctx, env, *f.server, *f.serverWorkspace)
	if err != nil {
		return err
	}
	ref := *f.ref
	if ref == "" {
		ref = os.Getenv("GITHUB_REF")
	}
	if err := c.SendPRCheck(ctx, ws.ID, ref, rep); err != nil {
		return fmt.Errorf("the findings were not recorded on the server: %w", err)
	}
	fmt.Fprintf(env.Stderr, "findings recorded on %s\n", *f.server)
	return nil
}

// writeChangedText prints one line per contradicted claim, compiler-style,
// then what each page had checked, then the counts.
func writeChangedText(w io.Writer, rep changed.Report) {
	for _, d := range rep.Duplicates {
		fmt.Fprintln(w, logging.Escape(changed.DuplicateLine(d)))
	}
	for _, f := range rep.Files {
		for _, p := range f.Paragraphs {
			for _, c := range p.Claims {
				if c.Verdict == "contradicted" {
					fmt.Fprintln(w, logging.Escape(changed.ContradictionLine(c)))
				}
			}
		}
	}
	for _, f := range rep.Files {
		if f.Skipped != "" {
			fmt.Fprintf(w, "%s: %s\n", logging.Name(f.Path), logging.Escape(f.Skipped))
			continue
		}
		lines := make([]string, 0, len(f.Paragraphs))
		for _, p := range f.Paragraphs {
			if p.StartLine == p.EndLine {
				lines = append(lines, fmt.Sprint(p.StartLine))
			} else {
				lines = append(lines, fmt.Sprintf("%d-%d", p.StartLine, p.EndLine))
			}
		}
		where := ""
		if len(lines) > 0 {
			where = " (lines " + strings.Join(lines, ", ") + ")"
		}
		fmt.Fprintf(w, "%s: %s, %d changed paragraph(s) checked%s, %d unchanged\n", logging.Name(f.Path), f.Status, len(f.Paragraphs), where, f.Unchanged)
	}
	s := rep.Summary
	fmt.Fprintf(w, "Changed since %s · %s · %d page(s), %d paragraph(s) checked: %d contradicted, %d not covered, %d supported\n",
		shortSHA(rep.Base), check.EngineLabel(rep.Engine, rep.Model), len(rep.Files), rep.Paragraphs, s.Contradicted, s.NotCovered, s.Supported)
}

func shortSHA(s string) string { return s[:min(len(s), 12)] }

// writeFileWith writes a report file, reporting a failed close too.
func writeFileWith(path string, write func(io.Writer) error) error {
	fh, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("report %s: %w", path, err)
	}
	if err := write(fh); err != nil {
		_ = fh.Close()
		return fmt.Errorf("report %s: %w", path, err)
	}
	if err := fh.Close(); err != nil {
		return fmt.Errorf("report %s: %w", path, err)
	}
	return nil
}

// runLintChanged lints the changed pages and keeps the issues that start
// on a new or edited paragraph's lines: a pull request answers for what it
// changed, not for the page's old text.
func runLintChanged(ctx context.Context, env *Env, failOn string, withMuddy bool, valePath, base string) error {
	if failOn != string(voice.Required) && failOn != string(voice.Recommended) {
		return Usagef("--fail-on must be required or recommended, got %q", failOn)
	}
	s, err := env.Session(ctx)
	if err != nil {
		return err
	}
	ws, err := s.Workspace(ctx)
	if err != nil {
		return err
	}
	ch, err := changed.Pages(ctx, ws, base)
	if err != nil {
		return err
	}
	voiceOf, lex, err := lintRules(ctx, env, s, ws, valePath, withMuddy)
	if err != nil {
		return err
	}
	issues := []lintIssue{}
	linted := 0
	for _, p := range ch.Pages {
		if p.Skipped != "" || len(p.Paragraphs) == 0 {
			fmt.Fprintf(env.Stderr, "%s: %s\n", logging.Name(p.Path), logging.Escape(orNothingChanged(p.Skipped)))
			continue
		}
		abs := filepath.Join(ch.Root, filepath.FromSlash(p.Path))
		found, err := lintFile(ctx, abs, lex, func(md string) (voice.Result, error) { return voiceOf(abs, md) })
		if err != nil {
			return err
		}
		linted++
		for _, is := range found {
			if onChangedLine(p, is.Line) {
				is.File = p.Path
				issues = append(issues, is)
			}
		}
	}
	if err := writeLint(env, issues); err != nil {
		return err
	}
	counts := map[string]int{}
	for _, is := range issues {
		counts[is.Level]++
	}
	fmt.Fprintf(env.Stderr, "%d voice issue(s) on changed lines of %d page(s) since %s: %d required, %d recommended\n",
		len(issues)-counts[muddySuggestion], linted, shortSHA(ch.Base), counts[string(voice.Required)], counts[string(voice.Recommended)])
	gate := counts[string(voice.Required)]
	if failOn == string(voice.Recommended) {
		gate += counts[string(voice.Recommended)]
	}
	if gate > 0 {
		return Failed("%d voice issue(s) at or above %s on changed lines", gate, failOn)
	}
	return nil
}

func orNothingChanged(skipped string) string {
	if skipped == "" {
		return "no new or edited paragraphs"
	}
	return skipped
}

func onChangedLine(p changed.Page, line int) bool {
	for _, para := range p.Paragraphs {
		if line >= para.StartLine && line <= para.EndLine {
			return true
		}
	}
	return false
}
