package evalrun

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"continuity/backend/embed"
	"continuity/backend/engine"
	"continuity/backend/eval"
	"continuity/backend/llm"
	"continuity/backend/progress"
	"continuity/backend/scorecard"
	"continuity/backend/session"
)

// Column is one configuration of an experiment and how it scored.
type Column struct {
	Label    string               `json:"label"` // the varied settings, e.g. "k=4"
	Config   Config               `json:"config"`
	Baseline bool                 `json:"baseline"` // the workspace's configuration
	Index    string               `json:"index"`    // IndexFolder.Hash
	RunID    string               `json:"run_id"`   // kept in the index folder's database, not with the set's runs
	Errors   int                  `json:"errors"`
	Metrics  map[string]Cell      `json:"metrics"`
	Versus   *Versus              `json:"vs_baseline"` // nil for the baseline column
	card     *scorecard.Scorecard // the run's scorecard
}

// Cell is one metric of one configuration. Mean is nil when the metric
// could not be computed for any question ("not measured").
type Cell struct {
	Mean        *float64 `json:"mean"`
	Measured    int      `json:"measured"`
	NotMeasured int      `json:"not_measured"`
	Best        bool     `json:"best"` // the highest mean of the row (ties all best)
}

// Versus counts a configuration's questions against the baseline's: a
// win when a score rose by more than scorecard.DefaultTolerance and none
// fell, a loss when any fell by more.
type Versus struct {
	Wins   []string `json:"wins"`
	Losses []string `json:"losses"`
	Ties   int      `json:"ties"`
}

// Experiment is the outcome of running one golden set on a grid.
type Experiment struct {
	GoldenSet     string              `json:"golden_set"`
	GoldenVersion string              `json:"golden_version"`
	Questions     int                 `json:"questions"`
	Engine        engine.Engine       `json:"engine"`
	Judge         string              `json:"judge"`
	Limit         int                 `json:"limit"`
	Columns       []Column            `json:"columns"`
	Indexes       []*IndexFolder      `json:"indexes"`
	Best          map[string][]string `json:"best"` // metric → labels of its best configurations
	MissingRefs   []string            `json:"missing_refs,omitempty"`
}

// Columns puts the baseline first when the grid lacks it and marks it
// otherwise; labels name the keys of v.
func Columns(v Vary, grid []Config, base Config) []Column {
	keys := v.LabelKeys()
	var cols []Column
	found := false
	for _, c := range grid {
		b := c == base
		found = found || b
		cols = append(cols, Column{Label: c.label(keys), Config: c, Baseline: b})
	}
	if !found {
		cols = append([]Column{{Label: base.label(v.Keys), Config: base, Baseline: true}}, cols...)
	}
	return cols
}

// RunExperiment evaluates set with the built-in pipeline once per column,
// each over the index of its configuration (built, continued or reused in
// <data dir>/experiments/<hash>/), then compares the columns. The runs
// are kept in the index folders' own databases: they are not runs of the
// set, never a baseline and never on its trend. notice hears about each
// index folder once it is ready.
func RunExperiment(ctx context.Context, s *session.Session, set string, cols []Column, o Options, notice func(*IndexFolder), report progress.Func) (*Experiment, error) {
	if !o.Target.Builtin() {
		return nil, fmt.Errorf("%w: experiments vary the built-in pipeline; a target's configuration is not ours to vary", ErrVary)
	}
	if o.Engine == "" {
		o.Engine = engine.Offline
	}
	ws, err := s.WorkspaceID(ctx)
	if err != nil {
		return nil, err
	}
	gs, qs, err := LoadSet(ctx, s, set, 0)
	if err != nil {
		return nil, err
	}
	gate, err := Thresholds(ctx, s.DB, ws, gs.Name)
	if err != nil {
		return nil, err
	}
	w, err := s.Workspace(ctx)
	if err != nil {
		return nil, err
	}
	for _, c := range cols { // a missing model fails before any index is built
		if c.Config.Embedder != EmbedderUSELite {
			continue
		}
		if _, err := chunkEmbedder(ctx, s, c.Config.Embedder); err != nil {
			return nil, err
		}
	}
	deps, models, closeDeps, err := experimentDeps(ctx, s, o)
	if err != nil {
		return nil, err
	}
	if o.Engine == engine.LLM && o.Concurrency <= 0 { // one question per client call slot, as Prepare does
		conf, err := s.Settings.Load(ctx)
		if err != nil {
			return nil, errors.Join(err, closeDeps())
		}
		o.Concurrency = conf.Concurrency()
	}
	x := &Experiment{GoldenSet: gs.Name, GoldenVersion: strconv.Itoa(gs.Version), Questions: len(qs), Engine: o.Engine,
		Judge: judgeName(o), Limit: MaxConfigs}
	folders := map[string]*IndexFolder{}
	defer func() {
		var errs []error
		for _, f := range x.Indexes {
			errs = append(errs, f.Close())
		}
		_ = errors.Join(append(errs, closeDeps())...) // read-only use: nothing to lose on close
	}()
	for i := range cols {
		c := &cols[i]
		content := w.ContentDir()
		f := folders[c.Config.IndexHash(content)]
		if f == nil {
			if f, err = openFolder(ctx, s, ws, c.Config, content, report); err != nil {
				return nil, err
			}
			folders[f.Hash] = f
			x.Indexes = append(x.Indexes, f)
			if notice != nil {
				notice(f)
			}
			if x.MissingRefs == nil {
				if x.MissingRefs, err = missingRefs(ctx, f.ix, qs); err != nil {
					return nil, err
				}
			}
		}
		c.Index = f.Hash
		if err := runColumn(ctx, c, f, qs, gs.Name, x.GoldenVersion, gate.Thresholds, deps, models, o, report); err != nil {
			return nil, fmt.Errorf("experiment %s: %w", c.Label, err)
		}
	}
	x.Columns = cols
	x.compare()
	return x, nil
}

// judgeName is what the runs record as their judge.
func judgeName(o Options) string {
	if o.Judge == eval.JudgeNone {
		return string(eval.JudgeNone)
	}
	return string(o.Engine)
}

// runModels are the models a run records.
type runModels struct{ answer, judge, embed string }

func runColumn(ctx context.Context, c *Column, f *IndexFolder, qs []eval.Question, set, version string, th map[eval.Metric]float64,
	deps eval.Deps, m runModels, o Options, report progress.Func) error {
	fp, err := f.ix.Fingerprint(ctx)
	if err != nil {
		return err
	}
	deps.Retriever = Retriever{Index: f.ix}
	cfg := eval.Config{Engine: o.Engine, K: c.Config.K, Repeat: o.Repeat, Concurrency: o.Concurrency, Judge: o.Judge}
	r, err := eval.NewRunner(f.store, deps, cfg)
	if err != nil {
		return err
	}
	run := eval.Run{GoldenSet: set, GoldenVersion: version, CorpusFingerprint: fp, Thresholds: th,
		AnswerModel: m.answer, JudgeModel: m.judge, EmbedModel: m.embed, Settings: map[string]string{
			"retrieval": "hybrid", "experiment": c.Config.String(), "k": strconv.Itoa(c.Config.K),
			"chunk_words": strconv.Itoa(c.Config.Chunk), "chunk_overlap": strconv.Itoa(c.Config.Overlap), "index_embed": f.Embedder}}
	if o.Judge == eval.JudgeNone {
		run.JudgeModel, run.EmbedModel = "", ""
	}
	done, err := r.Start(ctx, run, qs, report)
	if err != nil {
		return err
	}
	results, err := f.store.Results(ctx, done.ID)
	if err != nil {
		return err
	}
	c.RunID, c.card = done.ID, scorecard.Build(done, results, th)
	c.Errors = c.card.Errors
	return nil
}

// experimentDeps wires the answerer and judges once for every column, as
// Prepare does for a regular run of the built-in pipeline.
func experimentDeps(ctx context.Context, s *session.Session, o Options) (eval.Deps, runModels, func() error, error) {
	off := embed.NewOffline()
	if o.Engine == engine.Offline {
		return eval.Deps{Answerer: eval.NewOfflineAnswerer(), Verifier: NewVerifier(), Embedder: off},
			runModels{"offline-extractive", "offline-claims", off.Model()}, func() error { return nil }, nil
	}
	c, err := s.LLM(ctx)
	if err != nil {
		return eval.Deps{}, runModels{}, nil, err
	}
	d := eval.Deps{Answerer: eval.NewLLMAnswerer(c), Judge: c, Embedder: off}
	m := runModels{c.Model(llm.RoleAnswer), c.Model(llm.RoleJudge), off.Model()}
	if e := c.Model(llm.RoleEmbedding); e != "" {
		d.Embedder, m.embed = LLMEmbedder{Client: c}, e
	}
	return d, m, c.Close, nil
}
