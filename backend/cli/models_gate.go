package cli

import (
	"context"
	"fmt"
	"strings"

	"continuity/backend/changed"
	"continuity/backend/engine"
	"continuity/backend/eval"
	"continuity/backend/models"
	"continuity/backend/session"
)

// allowDegradedUsage is the --allow-degraded flag's help.
const allowDegradedUsage = "run even when an offline model (USE-lite, GloVe, WordNet) is missing; the output says so"

// modelGate keeps a gate from passing because a model file was not found:
// without GloVe, WordNet or USE-lite the offline engine reads many
// contradictions as "not covered", so check --changed and eval --gate
// refuse to run degraded (exit 2) unless --allow-degraded says to.
type modelGate struct {
	allow   bool
	missing []string // models not found before the run, by name
}

// checkModels looks for every offline model before the run.
func checkModels(dataDir string, allow bool) (modelGate, error) {
	g := modelGate{allow: allow}
	missing, err := models.Missing(dataDir)
	if len(missing) == 0 {
		return g, nil
	}
	g.missing = missing
	if allow {
		return g, nil
	}
	return g, fmt.Errorf("%w; %s, or pass --allow-degraded to run without them", err, models.InstallHint)
}

// after refuses a run whose engine said it ran degraded (a model found but
// unusable), unless allowed. model is the report's model label.
func (g modelGate) after(model string) error {
	if g.allow || !strings.Contains(model, "(degraded") {
		return nil
	}
	return fmt.Errorf("the offline engine ran degraded (%s): a model could not be used (see `continuity models`); %s, or pass --allow-degraded",
		model, models.InstallHint)
}

// degraded lists what the run went without, for the output; nil when
// nothing.
func (g modelGate) degraded(model string) []string {
	out := append([]string(nil), g.missing...)
	if i := strings.Index(model, "(degraded"); i >= 0 && len(out) == 0 {
		out = append(out, strings.Trim(model[i:], "()"))
	}
	return out
}

// warn says on stderr that an allowed run is degraded.
func (g modelGate) warn(env *Env, model string) {
	if d := g.degraded(model); len(d) > 0 {
		fmt.Fprintf(env.Stderr, "warning: running degraded without %s (--allow-degraded): contradictions can read as not covered\n", strings.Join(d, ", "))
	}
}

// offlineModelGate is checkModels for a run on engine eng ("" is the
// engine in Settings); the LLM engine uses none of the offline models, so
// it is never refused.
func offlineModelGate(ctx context.Context, s *session.Session, eng engine.Engine, allow bool) (modelGate, error) {
	if eng == "" {
		st, err := s.Settings.Load(ctx)
		if err != nil {
			return modelGate{}, err
		}
		if eng, err = engine.Parse(st.Engine); err != nil {
			return modelGate{}, fmt.Errorf("the engine in Settings: %w", err)
		}
	}
	if eng != engine.Offline {
		return modelGate{allow: true}, nil
	}
	return checkModels(s.DataDir, allow)
}

// changedJSON is check --changed's --json: the report, plus what a run
// allowed to be degraded went without.
type changedJSON struct {
	changed.Report
	Degraded []string `json:"degraded,omitempty"`
}

// evalModelGate refuses eval --gate without an offline model the run
// uses: the built-in pipeline on the offline engine, or offline judges of
// a target. --judge none of a target, and the LLM engine, use none.
func evalModelGate(env *Env, dataDir string, o evalFlags, eng engine.Engine, judge eval.Judge) error {
	builtin := o.target == "" && o.responses == ""
	if !o.gate || eng != engine.Offline || (!builtin && judge == eval.JudgeNone) {
		if o.allowDegraded && !o.gate {
			return Usagef("--allow-degraded needs --gate")
		}
		return nil
	}
	g, err := checkModels(dataDir, o.allowDegraded)
	if err != nil {
		return err
	}
	g.warn(env, "")
	return nil
}
