package cli

import (
	"context"
	"errors"
	"fmt"

	"continuity/backend/llm"
	"continuity/backend/models"
	"continuity/backend/secret"
	"continuity/backend/session"
)

func statusCommand() *Command {
	return &Command{
		Name:    "status",
		Summary: "show the data dir, the workspace, the endpoint and what it holds",
		Run:     runStatus,
	}
}

type statusJSON struct {
	Version   string `json:"version"`
	DataDir   string `json:"data_dir"`
	Workspace string `json:"workspace"`
	// WorkspaceID is the id golden sets, runs and checks are kept under;
	// WorkspaceFrom says what chose the folder: flag, env, settings or sample.
	WorkspaceID   string   `json:"workspace_id"`
	WorkspaceFrom string   `json:"workspace_from"`
	ContentDir    string   `json:"content_dir"`
	Documents     int      `json:"documents"`
	Drafts        []string `json:"drafts"`
	Guidelines    bool     `json:"guidelines"`
	Golden        bool     `json:"golden"`
	Engine        string   `json:"engine"`
	// Endpoint is the LLM engine's base URL with any credentials and query
	// values removed; shown whatever the engine, so a writer can see where
	// a switch to the LLM engine would send text.
	Endpoint     string `json:"endpoint"`
	InsecureHTTP bool   `json:"allow_insecure_http"`
	KeySource    string `json:"api_key_source"`
	KeyHost      string `json:"api_key_host"`    // the host the key belongs to; "" without a key
	KeyWarning   string `json:"api_key_warning"` // e.g. the key belongs to another host
	// Embedder and EmbedModel name what embeds the corpus and the draft
	// (the model hash for pretrained ones); EmbedNotice says why when it
	// is a fallback.
	Embedder         string `json:"embedder"`
	EmbedModel       string `json:"embed_model"`
	SentenceEmbedder string `json:"sentence_embedder"`
	SentenceModel    string `json:"sentence_model"`
	EmbedNotice      string `json:"embed_notice"`
	// Models says where each offline model was loaded from and its sha256.
	Models []models.Location `json:"models"`
}

func runStatus(ctx context.Context, env *Env, args []string) error {
	if len(args) > 0 {
		return Usagef("status takes no arguments")
	}
	s, cur, err := scope(ctx, env)
	if err != nil {
		return err
	}
	sum, err := cur.Summarize()
	if err != nil {
		return err
	}
	st, err := s.Settings.Load(ctx)
	if err != nil {
		return err
	}
	base := session.Endpoint(st)
	out := statusJSON{Version: Version, DataDir: s.DataDir, Workspace: sum.Root, ContentDir: sum.ContentDir,
		Documents: sum.Documents, Drafts: sum.Drafts, Guidelines: sum.HasGuidelines, Golden: sum.HasGolden,
		Engine: st.Engine, Endpoint: llm.DisplayURL(base), InsecureHTTP: st.AllowInsecureHTTP,
		WorkspaceID: cur.ID, WorkspaceFrom: string(cur.Source)}
	out.KeySource, out.KeyHost, out.KeyWarning = keyStatus(ctx, s.Secrets, base)
	emb, err := s.Embedder(ctx)
	if err != nil {
		return err
	}
	out.Embedder, out.EmbedModel, out.EmbedNotice = emb.Name(), emb.Model(), emb.Notice
	out.SentenceEmbedder, out.SentenceModel = emb.SentenceName(), emb.SentenceModel()
	out.Models = models.Describe(s.DataDir)
	if out.Drafts == nil {
		out.Drafts = []string{}
	}
	if env.JSON {
		return env.WriteJSON(out)
	}
	key := out.KeySource
	if out.KeyHost != "" {
		key += " for " + out.KeyHost
	}
	fmt.Fprintf(env.Stdout, "data dir   %s\nworkspace  %s (%s, from %s)\ndocuments  %d (in %s)\ndrafts     %d\nguidelines %v\ngolden set %v\nengine     %s\nendpoint   %s (API key: %s)\n",
		out.DataDir, out.Workspace, out.WorkspaceID, workspaceFrom[cur.Source], out.Documents, out.ContentDir, len(out.Drafts), out.Guidelines, out.Golden, out.Engine, out.Endpoint, key)
	fmt.Fprintf(env.Stdout, "embedder   %s ranks passages; %s embeds sentences\n",
		describeEmbedder(out.Embedder, out.EmbedModel), describeEmbedder(out.SentenceEmbedder, out.SentenceModel))
	writeModels(env.Stdout, out.Models)
	if out.KeyWarning != "" {
		fmt.Fprintf(env.Stdout, "warning    %s\n", out.KeyWarning)
	}
	if out.EmbedNotice != "" {
		fmt.Fprintf(env.Stdout, "notice     %s\n", out.EmbedNotice)
	}
	return nil
}

// keyStatus says where the key for base comes from and which host it
// belongs to, or why there is none; never the key itself.
func keyStatus(ctx context.Context, store *secret.Store, base string) (source, host, warning string) {
	e, err := store.For(ctx, base)
	var wrong *secret.WrongHostError
	switch {
	case errors.As(err, &wrong):
		return string(wrong.Source), wrong.KeyHost, err.Error()
	case err != nil:
		return string(secret.SourceNone), "", err.Error()
	case e.Key == "":
		return string(secret.SourceNone), "", ""
	}
	return string(e.Source), e.Host, ""
}

// describeEmbedder prints a name once when the model is the name (a
// pretrained model named by its hash).
func describeEmbedder(name, model string) string {
	if model == name || model == "" {
		return name
	}
	return name + " (" + model + ")"
}

// workspaceFrom names what chose the workspace, as the user typed it.
var workspaceFrom = map[session.Source]string{session.FromFlag: "--corpus", session.FromEnv: "$CONTINUITY_CORPUS",
	session.FromSettings: "the corpus folder in Settings", session.FromSample: "the bundled sample"}
