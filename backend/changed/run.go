package changed

import (
	"context"
	"errors"
	"fmt"

	"continuity/backend/check"
	"continuity/backend/claims"
	"continuity/backend/engine"
	"continuity/backend/llm"
	"continuity/backend/progress"
	"continuity/backend/retrieval"
	"continuity/backend/session"
	"continuity/backend/workspace"
)

// Request is one `check --changed`.
type Request struct {
	// Base is the ref to compare with; "" is the merge base with the
	// default branch.
	Base string
	// Engine decides claims; "" is the engine in Settings.
	Engine engine.Engine
	// K is how many passages each paragraph retrieves; 0 is claims.DefaultTopK.
	K int
}

// Outcome is a finished check of a change.
type Outcome struct {
	Report  Report
	Synced  retrieval.Report
	Repairs []string
}

// Change is what a change since a base commit did to the content folder.
type Change struct {
	Root  string // the repository root, which Page paths are relative to
	Base  string // the base commit
	Pages []Page
}

// Pages finds the workspace's repository, resolves base and lists the
// changed pages: what both `check --changed` and `lint --changed` read.
func Pages(ctx context.Context, ws workspace.Workspace, base string) (Change, error) {
	repo, err := OpenRepo(ctx, ws.Root)
	if err != nil {
		return Change{}, fmt.Errorf("workspace %s: %w", ws.Root, err)
	}
	sha, err := repo.ResolveBase(ctx, base)
	if err != nil {
		return Change{}, fmt.Errorf("%s: %w", repo.Root, err)
	}
	pages, err := Find(ctx, repo, sha, Workspace{Root: ws.Root, ContentDir: ws.ContentDir()})
	return Change{Root: repo.Root, Base: sha, Pages: pages}, err
}

// Run checks the changed paragraphs of the session's workspace against
// the freshly synced index. It stores nothing: a pull-request check is a
// gate, not a draft in the history.
func Run(ctx context.Context, s *session.Session, req Request, report progress.Func) (Outcome, error) {
	ws, err := s.Workspace(ctx)
	if err != nil {
		return Outcome{}, err
	}
	ch, err := Pages(ctx, ws, req.Base)
	if err != nil {
		return Outcome{}, err
	}
	ix, synced, err := s.FreshIndex(ctx, report)
	out := Outcome{Synced: synced}
	if ix != nil {
		out.Repairs = ix.Repairs
	}
	if err != nil {
		return out, err
	}
	judge, closer, err := chooseJudge(ctx, s, req)
	if err != nil {
		return out, err
	}
	if closer != nil {
		defer closer.Close()
	}
	stats, err := ix.Stats(ctx)
	if err != nil {
		return out, err
	}
	rep, err := Check(ctx, judge, ix, ch.Pages, stats.Documents, report)
	if err != nil {
		return out, err
	}
	rep.Base = ch.Base
	rep.Duplicates = duplicatesOf(ws.Root, ch.Root, ch.Pages, synced.Skipped)
	if rep.Engine == "" { // nothing was checked: still say what would have judged
		rep.Engine = string(judgeName(judge))
	}
	out.Report = rep
	return out, nil
}

func chooseJudge(ctx context.Context, s *session.Session, req Request) (claims.Engine, *llm.Client, error) {
	eng := req.Engine
	if eng == "" {
		st, err := s.Settings.Load(ctx)
		if err != nil {
			return nil, nil, err
		}
		if eng, err = engine.Parse(st.Engine); err != nil {
			return nil, nil, fmt.Errorf("the engine in Settings: %w", err)
		}
	}
	k := req.K
	if k == 0 {
		k = claims.DefaultTopK
	}
	if eng == engine.LLM {
		c, err := s.LLM(ctx)
		if errors.Is(err, llm.ErrNoAPIKey) {
			return nil, nil, fmt.Errorf("%w: %w", check.ErrNoKey, err)
		}
		if err != nil {
			return nil, nil, err
		}
		e := claims.NewLLM(c)
		e.TopK = k
		return e, c, nil
	}
	e := claims.NewOffline()
	e.TopK = k
	return e, nil, nil
}

func judgeName(e claims.Engine) engine.Engine {
	if _, ok := e.(*claims.LLMEngine); ok {
		return engine.LLM
	}
	return engine.Offline
}
