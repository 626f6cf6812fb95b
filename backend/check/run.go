package check

import (
	"context"
	"errors"
	"fmt"
	"time"

	"continuity/backend/claims"
	"continuity/backend/engine"
	"continuity/backend/llm"
	"continuity/backend/progress"
	"continuity/backend/retrieval"
	"continuity/backend/session"
	"continuity/backend/settings"
)

// ErrNoKey means the LLM engine was chosen but its endpoint needs an API
// key and none is set. It always wraps llm.ErrNoAPIKey too. Each face names
// the way out (a key, or the offline engine) in its own terms.
var ErrNoKey = errors.New("the LLM engine needs an API key")

// Request is one draft to check.
type Request struct {
	Draft  string
	Source Source
	// Engine decides claims and voice; "" is the engine in Settings.
	Engine engine.Engine
	// K is how many passages each paragraph retrieves; 0 is claims.DefaultTopK.
	K int
	// RequireVoice makes a voice check that cannot run fail the whole check
	// before anything is stored: a voice gate must never pass unchecked.
	RequireVoice bool
	// DraftVersion is the working-draft version Draft is (backend/workdraft);
	// 0 when the draft is not the saved working draft.
	DraftVersion int64
	// Ephemeral keeps the check out of the history: a read-only face (the
	// MCP server without --allow-writes) gets the same record, unsaved.
	Ephemeral bool
	// Vale is a .vale.ini whose rules check the voice instead of the
	// workspace's own (its .vale.ini, else guidelines.md); "" for those.
	Vale string
}

// Outcome is a finished check, already in the history.
type Outcome struct {
	Record Record
	// Synced is what syncing the index changed before checking, and Repairs
	// what opening it found broken and rebuilt. Both are set even when the
	// check then fails, so a face can still say what happened to the index.
	Synced  retrieval.Report
	Repairs []string
	// VoiceSkipped says why the voice check did not run (no guidelines, a
	// broken guidelines file, a failed model call); nil when it ran. The
	// claims verdicts stand on their own either way.
	VoiceSkipped error
	// VoiceRules names the rules the voice check used, e.g.
	// ".vale.ini (Vale style Continuity)"; VoiceWarnings lists what a Vale
	// configuration has that Continuity does not run.
	VoiceRules    string
	VoiceWarnings []string
}

// Run is "check a draft": it syncs the session's corpus index (an unchanged
// corpus only compares hashes), checks the draft's claims and, when the
// workspace has guidelines, its voice with the same engine, and stores one
// record of both in the history. Every face calls it, so a check from the
// CLI and one from the desktop store the same record.
func Run(ctx context.Context, s *session.Session, req Request, report progress.Func) (Outcome, error) {
	claims.PreloadResources()
	ix, synced, err := s.FreshIndex(ctx, report)
	out := Outcome{Synced: synced}
	if ix != nil {
		out.Repairs = ix.Repairs
	}
	if err != nil {
		return out, err
	}
	rep, client, err := checkClaims(ctx, s, ix, req, report)
	if client != nil {
		defer client.Close()
	}
	if err != nil {
		return out, err
	}
	ws, err := s.Workspace(ctx)
	if err != nil {
		return out, err
	}
	report.Report(progress.Event{Stage: "checking", Message: "checking voice & tone"})
	res, rules, err := voiceWith(ctx, s, ws, req.Draft, client, req.Vale)
	out.VoiceRules = rules.Describe
	for _, w := range rules.Warnings {
		out.VoiceWarnings = append(out.VoiceWarnings, w.String())
	}
	switch {
	case err != nil && req.RequireVoice:
		return out, fmt.Errorf("voice check: %w", err)
	case err != nil:
		out.VoiceSkipped = err
	default:
		rep.addVoice(res)
	}
	if req.Ephemeral {
		out.Record = Record{CreatedAt: time.Now().UTC(), Source: req.Source, Title: Title(req.Draft), Draft: req.Draft,
			Report: rep, DraftVersion: req.DraftVersion}
		return out, ctx.Err()
	}
	id, err := s.WorkspaceID(ctx)
	if err != nil {
		return out, err
	}
	repo, err := NewRepo(ctx, s.DB, id)
	if err != nil {
		return out, err
	}
	checkID, err := repo.SaveVersion(ctx, req.Source, req.Draft, req.DraftVersion, rep)
	if err != nil {
		return out, err
	}
	out.Record, err = repo.Get(ctx, checkID)
	return out, err
}

// checkClaims runs the claims engine the request names. It returns the
// model client it built for the LLM engine (nil offline), so the voice
// check reuses it; the caller closes it.
func checkClaims(ctx context.Context, s *session.Session, ix *retrieval.Index, req Request, report progress.Func) (Report, *llm.Client, error) {
	st, err := s.Settings.Load(ctx)
	if err != nil {
		return Report{}, nil, err
	}
	eng, err := chooseEngine(req.Engine, st)
	if err != nil {
		return Report{}, nil, err
	}
	k := req.K
	if k == 0 {
		k = claims.DefaultTopK
	}
	var (
		judge  claims.Engine
		client *llm.Client
		prog   = newCheckProgress(req.Draft, report)
		calib  string
	)
	switch eng {
	case engine.Offline:
		e := claims.NewOffline()
		e.TopK = k
		if calib, err = applyCalibration(ctx, s, e); err != nil {
			return Report{}, nil, err
		}
		judge = e
	case engine.LLM:
		if client, err = llmClient(ctx, s); err != nil {
			return Report{}, nil, err
		}
		prog.model = true
		e := claims.NewLLM(countingClient{client, prog})
		e.TopK, e.Concurrency = k, st.Concurrency()
		judge = e
	}
	stats, err := ix.Stats(ctx)
	if err != nil {
		return Report{}, client, err
	}
	prog.start()
	rep, err := CheckDraft(ctx, judge, countingIndex{ix, prog}, req.Draft, stats.Documents)
	if err != nil {
		return rep, client, err
	}
	rep.Calibration = calib
	have, total, err := ix.SentenceVectors(ctx)
	if err != nil {
		return rep, client, err
	}
	if total > 0 {
		rep.SentenceVectors = &Coverage{Have: have, Total: total}
	}
	// What the pages used to say is judged offline, with either engine:
	// it is one short sentence per candidate and never leaves the machine.
	pair, ok := judge.(PairJudge)
	if !ok {
		pair = claims.NewOffline()
	}
	return rep, client, NameChanges(ctx, &rep, ix, pair)
}

// chooseEngine is the asked engine, else the one in Settings.
func chooseEngine(asked engine.Engine, st settings.Settings) (engine.Engine, error) {
	if asked != "" {
		return engine.Parse(string(asked))
	}
	e, err := engine.Parse(st.Engine)
	if err != nil {
		return "", fmt.Errorf("the engine in Settings: %w", err)
	}
	return e, nil
}

// llmClient builds the session's model client; a missing key is ErrNoKey.
func llmClient(ctx context.Context, s *session.Session) (*llm.Client, error) {
	c, err := s.LLM(ctx)
	if errors.Is(err, llm.ErrNoAPIKey) {
		return nil, fmt.Errorf("%w: %w", ErrNoKey, err)
	}
	return c, err
}
