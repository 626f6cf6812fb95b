package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"continuity/backend/check"
	"continuity/backend/draftfile"
	"continuity/backend/engine"
	"continuity/backend/retrieval"
)

// maxDraftBytes bounds a draft read from a file or stdin.
const maxDraftBytes = 8 << 20

func checkCommand() *Command {
	return &Command{
		Name:    "check",
		Args:    "FILE|-",
		Summary: "check a draft's claims against the published corpus",
		Help: `Splits the draft (.md, .txt, .html or .docx; "-" reads stdin) into claims and labels each
supported, contradicted or not_covered with the published passages that decide it.
Every check is kept in the history the desktop app shows. The index is synced
first (cheap when nothing changed). Exit 1 when any claim is contradicted (or, with --fail-on-voice,
when voice issues of that level are found).
--json prints {"engine","model","claims":[{"paragraph","text","start","end","verdict",
"explanation","evidence":[{"doc_id","chunk_id","title","quote"}],"flags":[],"resolved",
"confidence"}],"summary":{"supported","contradicted","not_covered"},"voice":[...],"voice_score",
"sentence_vectors":{"have","total"}}: how many published sentences had a sentence vector
(a sync leaves them to be filled after it; the check embeds the ones it reads).
"flags" holds cut_sentence when the claim is a piece of a sentence over 400 words or 4 KB
(a list with no full stop), which is checked in pieces rather than cut silently.
"paragraph" is the 0-based paragraph index; "text" is the writer's own words and
start and end are its byte offsets in the file (a byte-order mark and invisible
characters are ignored for checking, never for offsets); "resolved" is the
self-contained form that was checked ("It runs on iPhones" read as "Tallyhub Go
runs on iPhones"), absent when nothing was resolved; "confidence" is the engine's
probability of the verdict, 0..1, or null when not measured; "voice" is [] when
the voice check did not run (voice_score is then absent).
--changed checks, instead of a FILE, the new or edited paragraphs of the
Markdown/HTML pages changed since --base (default: the merge base with the
default branch) in the workspace's git repository (git must be on PATH),
each against the rest of the corpus; one line per contradiction,
FILE:LINE: contradicted: CLAIM (corpus: DOC#CHUNK "QUOTE"). --json prints
{"base","engine","model","files":[{"file","status","doc_id","skipped",
"paragraphs":[{"start_line","end_line","claims":[{"file","line","col",
"text","verdict","evidence",...}]}],"unchanged_paragraphs"}],"summary",
"paragraphs","degraded"}; --junit FILE writes one test case per changed paragraph;
--server URL also records the report on a team server (token: $CONTINUITY_TOKEN; --ref
names the change, default $GITHUB_REF); a report the server did not take is an error.
With the offline engine, a missing offline model (USE-lite, GloVe, WordNet) is an
error (exit 2) naming it and how to install it (continuity models install), so the
gate never passes because a model file was not found; --allow-degraded runs
anyway, warns, and lists what is missing in "degraded".`,
		Flags: func(fs *flag.FlagSet) RunFunc {
			eng := fs.String("engine", "", "offline or llm (default: the engine in Settings)")
			k := fs.Int("k", 0, "passages retrieved per paragraph (default 8)")
			failOnVoice := fs.String("fail-on-voice", "", "also exit 1 on voice issues: required or recommended")
			valePath := fs.String("vale", "", "check voice with this .vale.ini instead of the workspace's rules")
			changedMode := addChangedFlags(fs, true)
			allowDegraded := fs.Bool("allow-degraded", false, "with --changed: "+allowDegradedUsage)
			return func(ctx context.Context, env *Env, args []string) error {
				if err := changedMode.usage(args); err != nil {
					return err
				}
				if *changedMode.on {
					return runCheckChanged(ctx, env, changedMode, *eng, *k, *allowDegraded)
				}
				if *allowDegraded {
					return Usagef("--allow-degraded needs --changed")
				}
				return runCheckCommand(ctx, env, args, *eng, *k, *failOnVoice, *valePath)
			}
		},
	}
}

func runCheckCommand(ctx context.Context, env *Env, args []string, engineName string, k int, failOnVoice, valePath string) error {
	if len(args) != 1 {
		return Usagef("check needs one FILE or - for stdin")
	}
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
	if failOnVoice != "" && failOnVoice != "required" && failOnVoice != "recommended" {
		return Usagef("--fail-on-voice must be required or recommended, got %q", failOnVoice)
	}
	draft, err := readDraftContext(ctx, env, args[0])
	if err != nil {
		return err
	}
	req := check.Request{Draft: draft, Source: check.SourceCLI, Engine: eng, K: k, RequireVoice: failOnVoice != "", Vale: valePath}
	return runCheck(ctx, env, req, failOnVoice)
}

// readDraft reads FILE or stdin (see readDraftContext).
func readDraft(env *Env, path string) (string, error) {
	return readDraftContext(context.Background(), env, path)
}

// readDraftContext reads FILE through draftfile (.md, .txt, .html or
// .docx, as Markdown) or stdin as it is, HTML sniffed and converted the
// same way. Stdin keeps its bytes (a byte-order mark, a NUL) so offsets
// stay offsets into what was piped in; the checks normalize both anyway.
func readDraftContext(ctx context.Context, env *Env, path string) (string, error) {
	if path == "-" {
		return readStdinDraft(env)
	}
	if _, err := draftfile.FormatOf(path); err != nil {
		return "", Usagef("%s: a draft must be .md, .txt or .html, or a Word .docx", path)
	}
	d, err := draftfile.Read(ctx, path)
	if err != nil {
		return "", fmt.Errorf("draft: %w", err)
	}
	return checkableDraft(path, d)
}

// checkableDraft refuses a draft the history could not keep, and a page
// or document with nothing to check.
func checkableDraft(name string, d draftfile.Draft) (string, error) {
	if len(d.Markdown) > maxDraftBytes {
		return "", fmt.Errorf("%s: the draft is larger than %d bytes", name, maxDraftBytes)
	}
	if (d.Format == draftfile.FormatHTML || d.Format == draftfile.FormatDocx) && strings.TrimSpace(d.Markdown) == "" {
		what := map[string]string{draftfile.FormatHTML: "HTML", draftfile.FormatDocx: "document"}[d.Format]
		return "", fmt.Errorf("%s: the %s has no visible text to check", name, what)
	}
	return d.Markdown, nil
}

func readStdinDraft(env *Env) (string, error) {
	const name = "stdin"
	raw, err := io.ReadAll(io.LimitReader(env.Stdin, maxDraftBytes+1))
	if err != nil {
		return "", fmt.Errorf("%s: %w", name, err)
	}
	if len(raw) > maxDraftBytes {
		return "", fmt.Errorf("%s: the draft is larger than %d bytes", name, maxDraftBytes)
	}
	if !utf8.Valid(raw) {
		return "", fmt.Errorf("%s: not UTF-8 text", name)
	}
	if looksLikeHTML(raw) {
		return htmlToDraft(name, raw)
	}
	return string(raw), nil
}

func looksLikeHTML(raw []byte) bool {
	s := strings.ToLower(strings.TrimSpace(string(raw[:min(len(raw), 512)])))
	return strings.HasPrefix(s, "<!doctype html") || strings.HasPrefix(s, "<html") || strings.HasPrefix(s, "<body")
}

// htmlToDraft turns an HTML draft into Markdown with draftfile's converter.
func htmlToDraft(name string, raw []byte) (string, error) {
	d, err := draftfile.ConvertAs(context.Background(), name, draftfile.FormatHTML, raw)
	if err != nil {
		return "", err
	}
	return checkableDraft(name, d)
}

func runCheck(ctx context.Context, env *Env, req check.Request, failOnVoice string) error {
	s, err := env.Session(ctx)
	if err != nil {
		return err
	}
	out, err := check.Run(ctx, s, req, progressBar(env))
	if err := reportCheckIndex(env, out.Repairs, out.Synced, err); err != nil {
		return err
	}
	reportVoiceRules(env, out.VoiceRules, out.VoiceWarnings)
	if out.VoiceSkipped != nil {
		// the claims verdicts stand on their own; say so loudly and go on
		fmt.Fprintf(env.Stderr, "voice check not run: %v\n", out.VoiceSkipped)
	}
	rep := out.Record.Report
	if env.JSON {
		if err := env.WriteJSON(contractJSON(rep)); err != nil {
			return err
		}
	} else {
		writeCheckText(env.Stdout, rep)
	}
	voiceFail := 0
	for _, v := range rep.Voice {
		if v.Level == "required" || (failOnVoice == "recommended" && v.Level == "recommended") {
			voiceFail++
		}
	}
	switch {
	case rep.Summary.Contradicted > 0:
		return Failed("%d claim(s) contradicted by the published corpus", rep.Summary.Contradicted)
	case failOnVoice != "" && voiceFail > 0:
		return Failed("%d %s voice issue(s)", voiceFail, failOnVoice)
	}
	return nil
}

// reportCheckIndex says on stderr what opening the index repaired and what
// the sync before a check changed, then words the check's error: a missing
// key names where to set one.
func reportCheckIndex(env *Env, repairs []string, synced retrieval.Report, err error) error {
	for _, r := range repairs {
		fmt.Fprintf(env.Stderr, "index repaired: %s\n", r)
	}
	if synced.Added+synced.Updated+synced.Removed > 0 {
		reportSync(env, synced)
	}
	if errors.Is(err, check.ErrNoKey) {
		return fmt.Errorf("%w; set one in Settings or OPENAI_API_KEY, or use --engine offline", err)
	}
	return err
}
