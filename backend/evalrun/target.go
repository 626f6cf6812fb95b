package evalrun

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"continuity/backend/eval"
	"continuity/backend/target"
)

// ErrTargetMismatch means a resume was not given the target its run was
// answered by.
var ErrTargetMismatch = errors.New("the run was answered by another target")

// Target names what answers a run's questions: the built-in pipeline
// (the zero value), an HTTP endpoint described by a target file, or a file
// of recorded responses.
type Target struct {
	File       string              // target file (kind http)
	Responses  string              // recorded responses (JSONL, CSV or .xlsx)
	Refusal    string              // regex that marks a refusal; overrides the target file's
	Getenv     func(string) string // expands ${VAR} in the target's url and headers; nil = os.Getenv
	HTTPClient *http.Client        // nil = a default client
}

// Builtin says the built-in pipeline answers.
func (t Target) Builtin() bool { return t.File == "" && t.Responses == "" }

// responder is eval's view of a target.
type responder interface {
	Respond(ctx context.Context, q eval.Question) (eval.Response, error)
}

// wired is a target ready for a runner.
type wired struct {
	respond  responder
	record   *eval.Target
	answerBy string
	warnings []string // for the run's record
	notices  []string // for the caller to show before the run (e.g. plain http)
	secrets  []string
	parallel int // the target's own concurrency; 0 = no preference
}

// wireTarget loads the target and matches recorded responses with qs.
func wireTarget(ctx context.Context, t Target, qs []eval.Question) (*wired, error) {
	var refusal *regexp.Regexp
	if t.Refusal != "" {
		re, err := regexp.Compile(t.Refusal)
		if err != nil {
			return nil, fmt.Errorf("refusal pattern: %w", err)
		}
		refusal = re
	}
	if t.File != "" && t.Responses != "" {
		return nil, errors.New("a run has one target: a target file or a responses file, not both")
	}
	if t.File != "" {
		return wireHTTP(ctx, t, refusal)
	}
	rec, err := target.ReadResponses(ctx, t.Responses)
	if err != nil {
		return nil, err
	}
	tq := make([]target.Question, len(qs))
	for i, q := range qs {
		tq[i] = target.Question{ID: q.ID, Text: q.Question, Category: string(q.Category)}
	}
	rows, warnings := rec.Match(tq)
	w := &wired{record: &eval.Target{Kind: eval.TargetResponses, File: rec.File, SHA256: rec.SHA256},
		answerBy: "responses " + rec.File, warnings: append(append([]string(nil), rec.Warnings...), warnings...)}
	w.respond = recorded{rows: rows, refusal: refusal, file: rec.File}
	if refusal != nil {
		w.record.Refusal = refusal.String()
	}
	return w, nil
}

func wireHTTP(ctx context.Context, t Target, refusal *regexp.Regexp) (*wired, error) {
	cfg, err := target.Load(ctx, t.File)
	if err != nil {
		return nil, err
	}
	if refusal != nil {
		cfg.Refusal = refusal
	}
	getenv := t.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	c, err := target.NewClient(cfg, getenv, t.HTTPClient)
	if err != nil {
		return nil, err
	}
	url := target.SafeURL(cfg.URL)
	w := &wired{record: &eval.Target{Kind: eval.TargetHTTP, URL: url, Method: cfg.Method, File: cfg.File, SHA256: cfg.SHA256},
		answerBy: "http " + cfg.Method + " " + url, notices: cfg.Warnings, secrets: c.Secrets(), parallel: cfg.Concurrency}
	if cfg.Refusal != nil {
		w.record.Refusal = cfg.Refusal.String()
	}
	w.respond = live{c: c, refusal: cfg.Refusal, model: w.answerBy}
	return w, nil
}

// live is eval's responder over an HTTP target.
type live struct {
	c       *target.Client
	refusal *regexp.Regexp
	model   string
}

func (l live) Respond(ctx context.Context, q eval.Question) (eval.Response, error) {
	r, err := l.c.Respond(ctx, target.Question{ID: q.ID, Text: q.Question, Category: string(q.Category)})
	if err != nil {
		return eval.Response{Model: l.model}, err
	}
	return response(r.Answer, r.Contexts, r.ContextIDs, r.HasContexts, r.HasContextIDs, l.refusal, l.model), nil
}

// recorded is eval's responder over a responses file.
type recorded struct {
	rows    map[string]target.Row
	refusal *regexp.Regexp
	file    string
}

func (r recorded) Respond(ctx context.Context, q eval.Question) (eval.Response, error) {
	model := "responses " + r.file
	if err := ctx.Err(); err != nil {
		return eval.Response{Model: model}, err
	}
	row, ok := r.rows[q.ID]
	if !ok {
		return eval.Response{Model: model}, fmt.Errorf("%w for question %s in %s (matched by id, else by exact question text)", target.ErrNoResponse, q.ID, r.file)
	}
	return response(row.Answer, row.Contexts, row.ContextIDs, row.HasContexts, row.HasContextIDs, r.refusal, model), nil
}

// response puts a target's reply in eval's terms: context i is a passage
// whose document id is the target's id i, as it gave it.
func response(answer string, texts, ids []string, hasTexts, hasIDs bool, refusal *regexp.Regexp, model string) eval.Response {
	n := max(len(texts), len(ids))
	ps := make([]eval.Passage, n)
	for i := range ps {
		ps[i].ChunkID = "context-" + strconv.Itoa(i+1)
		if i < len(texts) {
			ps[i].Text = texts[i]
		}
		if i < len(ids) {
			ps[i].DocID = ids[i]
		}
	}
	out := eval.Response{Answer: answer, Contexts: ps, HasContexts: hasTexts, HasIDs: hasIDs, Model: model, RefusalKnown: refusal != nil}
	if refusal != nil {
		out.Refused = refusal.MatchString(answer)
	}
	return out
}

// checkContextIDs records on a target's run a warning when most of the
// distinct context ids it returned are not document ids of the workspace
// index: they are compared with the golden set's reference ids as they
// are, so a target that returns URLs or chunk ids reads as all misses.
func (p *Prepared) checkContextIDs(ctx context.Context, run eval.Run, runErr error) (eval.Run, error) {
	if run.Target == nil || run.ID == "" || p.index == nil {
		return run, runErr
	}
	res, err := p.Store.Results(context.WithoutCancel(ctx), run.ID)
	if err != nil {
		return run, errors.Join(runErr, err)
	}
	seen := map[string]bool{}
	var ids []string
	for _, r := range res {
		for _, ps := range r.Retrieved {
			if ps.DocID != "" && !seen[ps.DocID] {
				seen[ps.DocID] = true
				ids = append(ids, ps.DocID)
			}
		}
	}
	unknown, err := p.index.Missing(context.WithoutCancel(ctx), ids)
	if err != nil {
		return run, errors.Join(runErr, err)
	}
	if w := UnknownIDsWarning(len(ids), unknown); w != "" {
		kept := run.TargetWarnings[:0:0]
		for _, old := range run.TargetWarnings { // a resume recounts
			if !strings.Contains(old, unknownIDsMark) {
				kept = append(kept, old)
			}
		}
		run.TargetWarnings = append(kept, w)
		if err := p.Store.PutRun(context.WithoutCancel(ctx), run); err != nil {
			return run, errors.Join(runErr, err)
		}
	}
	return run, runErr
}

const unknownIDsMark = "distinct context ids the target returned"

// UnknownIDsWarning says that most of n distinct returned context ids are
// not in the index (unknown lists them); "" when most are.
func UnknownIDsWarning(n int, unknown []string) string {
	if n == 0 || len(unknown)*2 <= n {
		return ""
	}
	sort.Strings(unknown)
	ex := unknown[:min(len(unknown), 3)]
	return fmt.Sprintf("%d of %d "+unknownIDsMark+" are not document ids of the workspace index (e.g. %s): "+
		"ID metrics compare them with the golden set's reference doc ids as they are, exact strings, so they count as misses; "+
		"make the target return the documents' ids", len(unknown), n, strings.Join(ex, ", "))
}
