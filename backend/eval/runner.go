package eval

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"continuity/backend/engine"
	"continuity/backend/progress"
)

// Config tunes a run.
type Config struct {
	Engine              engine.Engine // engine.Offline (default) or engine.LLM
	K                   int           // passages retrieved per question; 0 means 8
	Concurrency         int           // questions in flight; 0 means 16 (llm) or the CPU count (offline)
	Repeat              int           // judge repeats per LLM metric; 0 means 1
	FlakySpread         float64       // max-min over repeats that marks a score flaky; 0 means 0.2
	LLMContextPrecision bool          // llm engine: judge each chunk (K calls) instead of reference IDs
	Judge               Judge         // JudgeNone: deterministic metrics only; "" the engine's judges
}

func (c Config) withDefaults() Config {
	if c.Engine == "" {
		c.Engine = engine.Offline
	}
	if c.K <= 0 {
		c.K = 8
	}
	if c.Concurrency <= 0 {
		c.Concurrency = runtime.NumCPU()
		if c.Engine == engine.LLM {
			// llm.DefaultConcurrency, the client's own default cap. More
			// questions in flight than the client has call slots only
			// interleaves their calls: every question is half done and none
			// is saved, so a kill loses the work paid for. Callers pass the
			// client's cap; a question's judge wave then fills the slots a
			// neighbour's answer call leaves free.
			c.Concurrency = 16
		}
	}
	if c.Repeat <= 0 {
		c.Repeat = 1
	}
	if c.FlakySpread <= 0 {
		c.FlakySpread = 0.2
	}
	return c
}

// Deps are the parts a run uses. Verifier and Embedder may be nil: the
// metrics they serve are then "not measured" with that reason. With a
// Target, the target answers (retrieval included) and Retriever and
// Answerer are not used.
type Deps struct {
	Target    responder
	Retriever retriever
	Answerer  answerer
	Verifier  claimVerifier // offline faithfulness
	Embedder  embedder      // answer relevancy
	Judge     judge         // llm engine metrics
}

// Runner evaluates golden sets and persists results as they finish.
type Runner struct {
	store *Store
	deps  Deps
	cfg   Config
}

// NewRunner checks that the engine has what it needs.
func NewRunner(st *Store, d Deps, cfg Config) (*Runner, error) {
	cfg = cfg.withDefaults()
	switch {
	case st == nil:
		return nil, errors.New("eval: no store")
	case d.Target == nil && (d.Retriever == nil || d.Answerer == nil):
		return nil, errors.New("eval: a target, or a retriever and an answerer, are required")
	case cfg.Engine != engine.Offline && cfg.Engine != engine.LLM:
		return nil, fmt.Errorf("eval: %w %q (want %s or %s)", engine.ErrUnknown, cfg.Engine, engine.Offline, engine.LLM)
	case cfg.Judge != JudgeEngine && cfg.Judge != JudgeNone:
		return nil, fmt.Errorf("eval: judge %q (want none or the engine's)", cfg.Judge)
	case cfg.Engine == engine.LLM && cfg.Judge == JudgeEngine && d.Judge == nil:
		return nil, errors.New("eval: the llm engine needs a judge")
	}
	return &Runner{store: st, deps: d, cfg: cfg}, nil
}

// Start creates a run from the caller's description (models, settings,
// corpus fingerprint, golden-set name and version) and evaluates it.
func (r *Runner) Start(ctx context.Context, run Run, qs []Question, report progress.Func) (Run, error) {
	if err := ValidateQuestions(qs); err != nil {
		return Run{}, err
	}
	if run.ID == "" {
		run.ID = NewRunID()
	}
	run.Status = StatusRunning
	run.StartedAt = time.Now().UTC().Format(time.RFC3339)
	run.Engine, run.K, run.Repeat, run.Questions = r.cfg.Engine, r.cfg.K, r.cfg.Repeat, len(qs)
	run.Judge = r.cfg.judgeName()
	run.QuestionsDigest = digest(qs)
	if run.PromptVersions == nil {
		run.PromptVersions = map[string]string{}
	}
	for k, v := range PromptVersions {
		run.PromptVersions[k] = v
	}
	if err := r.store.PutRun(ctx, run); err != nil {
		return Run{}, err
	}
	return r.execute(ctx, run, qs, nil, report)
}

// Resume continues a crashed or cancelled run, skipping questions that
// already finished without error. qs must be the same golden set. corpus
// is the fingerprint of the corpus the remaining questions will be scored
// against: when it differs from the run's, the run keeps both (a
// CorpusChange, shown by Run.Warnings) rather than passing the mix off as
// one measurement.
func (r *Runner) Resume(ctx context.Context, runID, corpus string, qs []Question, report progress.Func) (Run, error) {
	run, err := r.store.Run(ctx, runID)
	if err != nil {
		return Run{}, err
	}
	if d := digest(qs); d != run.QuestionsDigest {
		return Run{}, fmt.Errorf("resume %s: the golden set changed since the run started", runID)
	}
	if run.Engine != r.cfg.Engine {
		return Run{}, fmt.Errorf("resume %s: run used engine %s, runner is %s", runID, run.Engine, r.cfg.Engine)
	}
	if run.JudgeOf() != r.cfg.judgeName() {
		return Run{}, fmt.Errorf("resume %s: run was judged by %s, runner judges by %s", runID, run.JudgeOf(), r.cfg.judgeName())
	}
	done, err := r.store.finished(ctx, runID)
	if err != nil {
		return Run{}, err
	}
	if corpus != run.Corpus() {
		run.CorpusChanges = append(run.CorpusChanges, CorpusChange{ResumedAt: time.Now().UTC().Format(time.RFC3339),
			Fingerprint: corpus, Remaining: len(qs) - countIn(done, qs)})
	}
	run.Status, run.FinishedAt = StatusRunning, ""
	if err := r.store.PutRun(ctx, run); err != nil {
		return Run{}, err
	}
	return r.execute(ctx, run, qs, done, report)
}

func (r *Runner) execute(ctx context.Context, run Run, qs []Question, skip map[string]bool, report progress.Func) (Run, error) {
	total := len(qs)
	var todo []Question
	for _, q := range qs {
		if !skip[q.ID] {
			todo = append(todo, q)
		}
	}
	var (
		mu      sync.Mutex
		doneN   = total - len(todo)
		saveErr error
		wg      sync.WaitGroup
	)
	report.Report(progress.Event{Stage: "evaluating", Done: doneN, Total: total})
	work := make(chan Question)
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	for range min(r.cfg.Concurrency, max(1, len(todo))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for q := range work {
				res := r.evaluate(runCtx, run, q)
				if runCtx.Err() != nil && res.Error != "" {
					continue // cancelled mid-question: leave it for Resume
				}
				// a finished question is saved even if the run is being cancelled
				err := r.store.SaveResult(context.WithoutCancel(ctx), res)
				mu.Lock()
				if err != nil && saveErr == nil {
					saveErr = err
					stop()
				}
				doneN++
				n := doneN
				mu.Unlock()
				report.Report(progress.Event{Stage: "evaluating", Done: n, Total: total, Message: q.ID})
			}
		}()
	}
feed:
	for _, q := range todo {
		select {
		case work <- q:
		case <-runCtx.Done():
			break feed
		}
	}
	close(work)
	wg.Wait()

	run.Status = StatusDone
	var runErr error
	switch {
	case saveErr != nil:
		run.Status, runErr = StatusFailed, saveErr
	case ctx.Err() != nil:
		run.Status, runErr = StatusCancelled, fmt.Errorf("evaluation %s cancelled (resume it to finish): %w", run.ID, ctx.Err())
	}
	run.FinishedAt = time.Now().UTC().Format(time.RFC3339)
	if err := r.store.PutRun(context.WithoutCancel(ctx), run); err != nil {
		return run, errors.Join(runErr, err)
	}
	return run, runErr
}

// judgeName is what a run records as its judge.
func (c Config) judgeName() string {
	if c.Judge == JudgeNone {
		return string(JudgeNone)
	}
	return string(c.Engine)
}

func countIn(done map[string]bool, qs []Question) int {
	n := 0
	for _, q := range qs {
		if done[q.ID] {
			n++
		}
	}
	return n
}

// ValidateQuestions reports the first malformed question with its position.
func ValidateQuestions(qs []Question) error {
	seen := map[string]int{}
	for i, q := range qs {
		where := fmt.Sprintf("question %d (id %q)", i+1, q.ID)
		switch {
		case q.ID == "":
			return fmt.Errorf("question %d: empty id", i+1)
		case seen[q.ID] > 0:
			return fmt.Errorf("%s: duplicate id, first used by question %d", where, seen[q.ID])
		case q.Question == "":
			return fmt.Errorf("%s: empty question text", where)
		case q.Category != Routine && q.Category != Tricky && q.Category != Refuse:
			return fmt.Errorf("%s: category %q (want routine, tricky or refuse)", where, q.Category)
		}
		seen[q.ID] = i + 1
	}
	return nil
}

func digest(qs []Question) string {
	b, _ := json.Marshal(qs) // plain strings and slices always marshal
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// NewRunID is a fresh run ID: its start time and 6 random hex digits.
func NewRunID() string {
	var b [3]byte
	_, _ = rand.Read(b[:])
	return time.Now().UTC().Format("20060102T150405Z") + "-" + hex.EncodeToString(b[:])
}
