package audit

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"continuity/backend/check"
	"continuity/backend/claims"
	"continuity/backend/corpus"
	"continuity/backend/progress"
	"continuity/backend/retrieval"
	"continuity/backend/text"
)

// Index is what an audit reads of the corpus index (*retrieval.Index).
type Index interface {
	check.HybridSearcher
	Documents(ctx context.Context) ([]retrieval.IndexedDoc, error)
	Document(ctx context.Context, id string) (corpus.Document, bool, error)
	DocumentChunks(ctx context.Context, docID string) ([]retrieval.ChunkSpan, error)
}

// Deps are the parts an audit runs on; Run builds them from a session.
type Deps struct {
	Index Index
	Repo  *Repo
	// ContentDir is the workspace's content folder, for file times and
	// --since REV; "" when there is none.
	ContentDir string
	// Engine decides claims; nil is claims.NewOffline().
	Engine     *claims.OfflineEngine
	EmbedModel string
}

// Options say what to audit.
type Options struct {
	// Docs limits the A side to these document ids; empty is all.
	Docs []string
	// Since limits the A side to documents changed since a date
	// (YYYY-MM-DD) or a git revision of the workspace; "" is no limit.
	Since string
	// MinConfidence is the engine confidence a conflict needs on top of the
	// engine's own threshold; 0 keeps the engine's.
	MinConfidence float64
	Progress      progress.Func
}

// errSkipped marks a document the engine cannot audit whole; the audit
// warns and goes on, and caches nothing for it so every run warns again.
var errSkipped = errors.New("not audited")

// ErrUnknownDoc means --doc named a document the index does not hold.
var ErrUnknownDoc = errors.New("no published document with that id")

type auditor struct {
	Deps
	model  string
	search claims.Searcher
	docs   map[string]retrieval.IndexedDoc
	rep    *Report
}

// Audit checks the chosen documents' claims against the rest of the corpus
// and reports the conflicts, reusing and updating the cache (see doc.go).
// A cancelled ctx returns ctx's error; the documents finished so far are
// cached.
func Audit(ctx context.Context, d Deps, o Options) (Report, error) {
	began := time.Now()
	if d.Engine == nil {
		d.Engine = claims.NewOffline()
	}
	model, err := d.Engine.ModelName()
	if err != nil {
		return Report{}, err
	}
	rep := Report{Engine: claims.EngineOffline, Model: model, ModelHash: modelHash(model), EmbedModel: d.EmbedModel,
		Conflicts: []Conflict{}, Warnings: []string{}}
	// the cache key names the sentence model too: verdicts read its vectors
	a := &auditor{Deps: d, model: model + "|" + d.EmbedModel, search: check.NewSearcher(d.Index), rep: &rep}
	all, err := d.Index.Documents(ctx)
	if err != nil {
		return rep, err
	}
	a.docs = make(map[string]retrieval.IndexedDoc, len(all))
	for _, doc := range all {
		a.docs[doc.ID] = doc
	}
	targets, err := a.targets(ctx, all, o)
	if err != nil {
		return rep, err
	}
	cache, err := d.Repo.load(ctx)
	if err != nil {
		return rep, err
	}
	if err := a.forgetRemoved(ctx, cache); err != nil {
		return rep, err
	}
	byDoc := map[string][]finding{}
	for i, doc := range targets {
		o.Progress.Report(progress.Event{Stage: "auditing", Done: i, Total: len(targets), Message: doc.Title})
		c, err := a.auditDoc(ctx, doc, cache[doc.ID])
		if errors.Is(err, errSkipped) {
			rep.Warnings = append(rep.Warnings, err.Error())
			continue
		}
		if err != nil {
			return rep, err
		}
		byDoc[doc.ID] = c.Findings
	}
	o.Progress.Report(progress.Event{Stage: "auditing", Done: len(targets), Total: len(targets)})
	rep.Checked.Documents = len(targets)
	if rep.Conflicts, err = a.conflicts(ctx, byDoc, o.MinConfidence); err != nil {
		return rep, err
	}
	rep.Elapsed = time.Since(began)
	return rep, nil
}

// modelHash is the trailing hash of an engine model name.
func modelHash(model string) string {
	if i := strings.LastIndexByte(model, '-'); i >= 0 {
		return model[i+1:]
	}
	return ""
}

func (a *auditor) forgetRemoved(ctx context.Context, cache map[string]cached) error {
	var gone []string
	for id := range cache {
		if _, ok := a.docs[id]; !ok {
			gone = append(gone, id)
		}
	}
	return a.Repo.forget(ctx, gone)
}

// others are the content hashes of every indexed document but self.
func (a *auditor) others(self string) map[string]string {
	out := make(map[string]string, len(a.docs))
	for id, d := range a.docs {
		if id != self {
			out[id] = d.Hash
		}
	}
	return out
}

// auditDoc brings one document's cached result up to date and saves it.
func (a *auditor) auditDoc(ctx context.Context, doc retrieval.IndexedDoc, prev cached) (cached, error) {
	now := a.others(doc.ID)
	if prev.DocHash != doc.Hash || prev.Model != a.model || prev.Checked == nil {
		found, n, err := a.checkDoc(ctx, doc, nil)
		if err != nil {
			return cached{}, err
		}
		a.rep.Checked.Full++
		a.rep.Checked.Claims += n
		c := cached{DocHash: doc.Hash, Model: a.model, Checked: now, Findings: found, Claims: n}
		return c, a.Repo.save(ctx, doc.ID, c)
	}
	stale := map[string]bool{}
	changed := map[string]bool{}
	for id, h := range prev.Checked {
		if now[id] != h {
			stale[id] = true
		}
	}
	for id, h := range now {
		if prev.Checked[id] != h {
			stale[id], changed[id] = true, true
		}
	}
	if len(stale) == 0 {
		a.rep.Checked.Reused++
		return prev, nil
	}
	kept := make([]finding, 0, len(prev.Findings))
	for _, f := range prev.Findings {
		if !stale[f.Evidence.DocID] {
			kept = append(kept, f)
		}
	}
	if len(changed) > 0 {
		found, n, err := a.checkDoc(ctx, doc, changed)
		if err != nil {
			return cached{}, err
		}
		kept = append(kept, found...)
		a.rep.Checked.Claims += n
	}
	a.rep.Checked.Partial++
	c := cached{DocHash: doc.Hash, Model: a.model, Checked: now, Findings: kept, Claims: prev.Claims}
	return c, a.Repo.save(ctx, doc.ID, c)
}

// checkDoc runs the engine over one document against the others (only
// those in only, when set) and keeps its contradicted claims.
func (a *auditor) checkDoc(ctx context.Context, doc retrieval.IndexedDoc, only map[string]bool) ([]finding, int, error) {
	full, ok, err := a.Index.Document(ctx, doc.ID)
	if err != nil {
		return nil, 0, err
	}
	if !ok {
		return nil, 0, fmt.Errorf("audit %s (%s): %w", doc.ID, doc.Path, ErrUnknownDoc)
	}
	norm := text.Normalize(full.Text)
	rep, err := a.Engine.Check(ctx, norm.Text, filtered(a.search, doc.ID, only))
	var tooMany *claims.TooManyClaimsError
	switch {
	case errors.Is(err, claims.ErrEmptyDraft):
		return []finding{}, 0, nil
	case errors.As(err, &tooMany):
		return nil, 0, fmt.Errorf("%s: %w: %w", doc.Path, errSkipped, err)
	case err != nil:
		return nil, 0, fmt.Errorf("audit %s (%s): %w", doc.ID, doc.Path, err)
	}
	claims.FlagCutSentences(norm.Text, rep.Results)
	found := []finding{}
	for _, r := range rep.Results {
		if r.Verdict != claims.Contradicted {
			continue
		}
		for _, ev := range r.Evidence {
			if ev.DocID == doc.ID || (only != nil && !only[ev.DocID]) {
				continue
			}
			c := r.Claim
			c.Start, c.End = norm.Span(c.Start, c.End)
			c.Text = full.Text[c.Start:c.End]
			found = append(found, finding{Claim: c, Evidence: ev, Confidence: r.Confidence, Flags: r.Flags})
			break
		}
	}
	return found, len(rep.Results), nil
}

// sortConflicts orders conflicts by document pair, then position.
func sortConflicts(cs []Conflict) {
	sort.Slice(cs, func(i, j int) bool {
		x, y := cs[i], cs[j]
		if x.A.DocID != y.A.DocID {
			return x.A.DocID < y.A.DocID
		}
		if x.B.DocID != y.B.DocID {
			return x.B.DocID < y.B.DocID
		}
		if x.A.Start != y.A.Start {
			return x.A.Start < y.A.Start
		}
		return x.Key < y.Key
	})
}
