package cli

import (
	"context"
	"fmt"
)

func init() {
	Register(&Command{
		Name:    "status",
		Summary: "show the data dir, the workspace and what it holds",
		Run:     runStatus,
	})
}

type statusJSON struct {
	Version    string   `json:"version"`
	DataDir    string   `json:"data_dir"`
	Workspace  string   `json:"workspace"`
	ContentDir string   `json:"content_dir"`
	Documents  int      `json:"documents"`
	Drafts     []string `json:"drafts"`
	Guidelines bool     `json:"guidelines"`
	Golden     bool     `json:"golden"`
	Engine     string   `json:"engine"`
	KeySource  string   `json:"api_key_source"`
}

func runStatus(ctx context.Context, env *Env, args []string) error {
	if len(args) > 0 {
		return Usagef("status takes no arguments")
	}
	s, err := env.Session(ctx)
	if err != nil {
		return err
	}
	ws, err := s.Workspace(ctx)
	if err != nil {
		return err
	}
	sum, err := ws.Summarize()
	if err != nil {
		return err
	}
	st, err := s.Settings.Load(ctx)
	if err != nil {
		return err
	}
	_, src, _ := s.Secrets.Key(ctx)
	out := statusJSON{Version: Version, DataDir: s.DataDir, Workspace: sum.Root, ContentDir: sum.ContentDir,
		Documents: sum.Documents, Drafts: sum.Drafts, Guidelines: sum.HasGuidelines, Golden: sum.HasGolden,
		Engine: st.Engine, KeySource: string(src)}
	if out.Drafts == nil {
		out.Drafts = []string{}
	}
	if env.JSON {
		return env.WriteJSON(out)
	}
	fmt.Fprintf(env.Stdout, "data dir   %s\nworkspace  %s\ndocuments  %d (in %s)\ndrafts     %d\nguidelines %v\ngolden set %v\nengine     %s (API key: %s)\n",
		out.DataDir, out.Workspace, out.Documents, out.ContentDir, len(out.Drafts), out.Guidelines, out.Golden, out.Engine, out.KeySource)
	return nil
}
