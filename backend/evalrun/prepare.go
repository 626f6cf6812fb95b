package evalrun

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"continuity/backend/corpus"
	"continuity/backend/embed"
	"continuity/backend/engine"
	"continuity/backend/eval"
	"continuity/backend/golden"
	"continuity/backend/llm"
	"continuity/backend/progress"
	"continuity/backend/retrieval"
	"continuity/backend/session"
)

// ErrNoQuestions means a golden set (at the version asked for) is empty.
var ErrNoQuestions = errors.New("the golden set has no questions")

// Options choose how a run evaluates.
type Options struct {
	Engine      engine.Engine // engine.Offline (default) or engine.LLM
	Repeat      int           // judge repeats per LLM metric; 0 means 1
	K           int           // passages per question; 0 means 8
	Concurrency int           // questions in flight; 0 means the CPU count (offline) or the LLM client's call cap (llm)
	Version     int           // golden-set version; 0 means the current one (resume passes the run's)
	Judge       eval.Judge    // eval.JudgeNone: deterministic metrics only, no model judges
	Target      Target        // what answers; the zero value is the built-in pipeline
	// RunID names the run the model calls are booked to in the ledger (its
	// job column); "" makes a new ID, which the started run then carries.
	RunID string
}

// Prepared is everything a run needs, ready to Start or Resume.
type Prepared struct {
	Store     *eval.Store
	Runner    *eval.Runner
	Run       eval.Run // the description Start records
	Questions []eval.Question
	Estimate  eval.Estimate
	TimeBasis string   // what Estimate's time assumes (see SetEstimate); "" when no model is called
	Notices   []string // what the caller should say before the run starts (e.g. a target over plain http)
	Stale     []string // the set's stale rows as run warnings (also in Run.TargetWarnings), said before the run starts
	Secrets   []string // values the target's ${VAR} expanded to, for the caller's log redactor
	client    *llm.Client
	index     *retrieval.Index
}

// Close releases the LLM client, if any.
func (p *Prepared) Close() error {
	if p.client != nil {
		return p.client.Close()
	}
	return nil
}

// SyncNotice is told what the sync before a run changed, when it changed anything.
type SyncNotice func(retrieval.Report)

// Prepare loads a golden set of the session's workspace, makes sure the
// index has been synced once, records on the run which of the set's
// reference documents the index lacks (Run.MissingRefs), and wires the
// engine's parts. The LLM engine needs a configured endpoint
// (llm.ErrNoAPIKey otherwise); the offline engine needs nothing.
func Prepare(ctx context.Context, s *session.Session, set string, o Options, notice SyncNotice, report progress.Func) (*Prepared, error) {
	cfg := eval.Config{Engine: o.Engine, K: o.K, Repeat: o.Repeat, Concurrency: o.Concurrency, Judge: o.Judge}
	if cfg.Engine == "" {
		cfg.Engine = engine.Offline
	}
	if _, err := engine.Parse(string(cfg.Engine)); err != nil {
		return nil, err
	}
	ws, err := s.WorkspaceID(ctx)
	if err != nil {
		return nil, err
	}
	gs, qs, err := LoadSet(ctx, s, set, o.Version)
	if err != nil {
		return nil, err
	}
	gate, err := Thresholds(ctx, s.DB, ws, gs.Name)
	if err != nil {
		return nil, err
	}
	st, err := eval.OpenStore(ctx, s.DB, ws)
	if err != nil {
		return nil, err
	}
	ix, err := SyncedIndex(ctx, s, notice, report)
	if err != nil {
		return nil, err
	}
	fp, err := ix.Fingerprint(ctx)
	if err != nil {
		return nil, err
	}
	missing, err := missingRefs(ctx, ix, qs)
	if err != nil {
		return nil, err
	}
	ixStats, err := ix.Stats(ctx)
	if err != nil {
		return nil, err
	}
	stale, contradicted := staleWarnings(ctx, s, ix, gs, o.Judge != eval.JudgeNone)
	p := &Prepared{Store: st, Questions: qs, index: ix, Stale: stale}
	off := embed.NewOffline()
	deps := eval.Deps{Retriever: Retriever{Index: ix}}
	runID := o.RunID
	if runID == "" {
		runID = eval.NewRunID()
	}
	run := eval.Run{ID: runID, GoldenSet: gs.Name, GoldenVersion: strconv.Itoa(gs.Version), CorpusFingerprint: fp,
		Thresholds: gate.Thresholds, Settings: settingsOf(cfg, ixStats), MissingRefs: missing, TargetWarnings: append([]string(nil), p.Stale...),
		ApprovedContradicted: contradicted}
	var tw *wired
	if !o.Target.Builtin() {
		if tw, err = wireTarget(ctx, o.Target, qs); err != nil {
			return nil, err
		}
		deps.Target, run.Target, run.TargetWarnings = tw.respond, tw.record, append(run.TargetWarnings, tw.warnings...)
		p.Notices, p.Secrets = tw.notices, tw.secrets
		run.Settings = map[string]string{"target": tw.record.String()}
		if cfg.Concurrency <= 0 && tw.parallel > 0 {
			cfg.Concurrency = tw.parallel
		}
	}
	var pricing eval.Pricing
	switch {
	case cfg.Engine == engine.Offline || (tw != nil && cfg.Judge == eval.JudgeNone):
		// a target judged by nothing needs no model, whatever the engine
		ans, err := wireOffline(ctx, ix, &deps, &run, p)
		if err != nil {
			return nil, err
		}
		deps.Answerer, deps.Verifier = ans, NewVerifier()
		run.AnswerModel, run.JudgeModel = ans.ModelName(), "offline-claims"
	default:
		c, err := s.LLM(ctx)
		if err != nil {
			return nil, err
		}
		p.client = c
		// every call of this run is booked to it in the ledger
		c = c.WithJob(runID)
		if cfg.Concurrency <= 0 {
			// One question in flight per client call slot: a question's
			// calls run one after another, so each question finishes (and
			// is saved) at the pace of its own calls instead of all of them
			// crawling forward together behind the client's cap.
			conf, err := s.Settings.Load(ctx)
			if err != nil {
				p.Close()
				return nil, err
			}
			cfg.Concurrency = conf.Concurrency()
		}
		deps.Answerer, deps.Judge = eval.NewLLMAnswerer(c), c
		run.AnswerModel, run.JudgeModel = c.Model(llm.RoleAnswer), c.Model(llm.RoleJudge)
		if m := c.Model(llm.RoleEmbedding); m != "" {
			deps.Embedder, run.EmbedModel = LLMEmbedder{Client: c}, m
		} else {
			deps.Embedder, run.EmbedModel = off, off.Model()
		}
		pricing = priceOf(ctx, s, run.JudgeModel)
	}
	if cfg.Judge == eval.JudgeNone {
		run.JudgeModel, run.EmbedModel = "", ""
	}
	if tw != nil {
		run.AnswerModel = tw.answerBy
	}
	if p.Runner, err = eval.NewRunner(st, deps, cfg); err != nil {
		p.Close()
		return nil, err
	}
	p.Run = run
	in := eval.EstimateInput{Pricing: pricing}
	if p.client != nil {
		conf, err := s.Settings.Load(ctx)
		if err != nil {
			p.Close()
			return nil, err
		}
		in, p.TimeBasis = estimateInput(ctx, s, conf, pricing)
	}
	p.Estimate = p.Runner.Estimate(qs, in)
	return p, nil
}

// EstimateSet is the pre-run estimate of a set without wiring anything
// (no key or index needed). Its time uses the latency measured for the
// same models in the call ledger when there is enough of it.
func EstimateSet(ctx context.Context, s *session.Session, set string, e engine.Engine, repeat int) (SetEstimate, error) {
	_, qs, err := LoadSet(ctx, s, set, 0)
	if err != nil {
		return SetEstimate{}, err
	}
	in := eval.EstimateInput{}
	cfg := eval.Config{Engine: e, Repeat: repeat}
	var basis string
	if e == engine.LLM {
		st, err := s.Settings.Load(ctx)
		if err != nil {
			return SetEstimate{}, err
		}
		in, basis = estimateInput(ctx, s, st, priceOf(ctx, s, st.Models.Judge))
		cfg.Concurrency = st.Concurrency() // as Prepare wires the run, so the time matches it
	}
	return SetEstimate{Estimate: eval.EstimateRun(cfg, qs, in), TimeBasis: basis}, nil
}

func priceOf(ctx context.Context, s *session.Session, model string) eval.Pricing {
	prices, err := s.Settings.LoadPrices(ctx)
	if err != nil {
		return eval.Pricing{} // unknown price: the estimate says so rather than showing 0
	}
	for _, p := range prices {
		if p.Model == model {
			return eval.Pricing{InputPerMTok: p.InputPerMTok, OutputPerMTok: p.OutputPerMTok}
		}
	}
	return eval.Pricing{}
}

func settingsOf(cfg eval.Config, st retrieval.Stats) map[string]string {
	k := cfg.K
	if k <= 0 {
		k = 8
	}
	f := retrieval.DefaultFusion
	out := map[string]string{
		"retrieval":     "hybrid",
		"k":             strconv.Itoa(k),
		"fusion":        fmt.Sprintf("%s alpha %.2f", f.Method, f.Alpha),
		"chunk_words":   strconv.Itoa(corpus.DefaultChunkOptions.Size),
		"chunk_overlap": strconv.Itoa(corpus.DefaultChunkOptions.Overlap),
		// the index's own embedders, as status names them
		"index_embed": strings.TrimSpace(st.Embedder + " " + st.EmbedModel),
	}
	if st.SentenceModel != "" {
		out["index_sentences"] = strings.TrimSpace(st.SentenceEmbedder + " " + st.SentenceModel)
	}
	return out
}

// LoadSet returns the rows of a golden set of the session's workspace at a
// version (0 = current) as questions.
func LoadSet(ctx context.Context, s *session.Session, name string, version int) (golden.Set, []eval.Question, error) {
	ws, err := s.WorkspaceID(ctx)
	if err != nil {
		return golden.Set{}, nil, err
	}
	repo, err := golden.NewRepo(ctx, s.DB, ws)
	if err != nil {
		return golden.Set{}, nil, err
	}
	gs, err := repo.Set(ctx, name)
	if err != nil { // a missing set is a *golden.NotFoundError: each face says how to import one
		return golden.Set{}, nil, err
	}
	if version > 0 {
		gs.Version = version
	}
	rows, err := repo.VersionRows(ctx, name, gs.Version)
	if err != nil {
		return golden.Set{}, nil, err
	}
	if len(rows) == 0 {
		return golden.Set{}, nil, fmt.Errorf("golden set %q version %d: %w", name, gs.Version, ErrNoQuestions)
	}
	qs, err := Questions(rows)
	if err != nil {
		return golden.Set{}, nil, fmt.Errorf("golden set %q: %w", name, err)
	}
	return gs, qs, nil
}

// SyncedIndex opens the session's index synced with the workspace: a run
// gated on a stale index would be confidently wrong.
func SyncedIndex(ctx context.Context, s *session.Session, notice SyncNotice, report progress.Func) (*retrieval.Index, error) {
	ix, rep, err := s.FreshIndex(ctx, report)
	if err != nil {
		return nil, fmt.Errorf("sync the index before evaluating: %w", err)
	}
	if notice != nil && rep.Added+rep.Updated+rep.Removed > 0 {
		notice(rep)
	}
	return ix, nil
}

// wireOffline gives the offline answerer and answer relevancy the index's
// USE-lite sentence vectors; without them both align words, and the run's
// settings and the caller's notices say so.
func wireOffline(ctx context.Context, ix *retrieval.Index, deps *eval.Deps, run *eval.Run, p *Prepared) (*eval.OfflineAnswerer, error) {
	vecs, note, err := SentenceVectorsOf(ctx, ix)
	if err != nil {
		return nil, err
	}
	if vecs == nil {
		off := embed.NewOffline()
		deps.Embedder, run.EmbedModel = off, off.Model()
		if run.Settings == nil {
			run.Settings = map[string]string{}
		}
		run.Settings["offline_answer"] = note
		p.Notices = append(p.Notices, note)
		return eval.NewOfflineAnswerer(), nil
	}
	deps.Embedder, run.EmbedModel = vecs, vecs.Model()
	return eval.NewVectorAnswerer(vecs), nil
}
