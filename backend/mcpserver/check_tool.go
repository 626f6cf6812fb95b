package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"continuity/backend/check"
	"continuity/backend/engine"
)

// maxK bounds the passages a client may ask for per paragraph or query:
// more only makes a reply an assistant cannot read.
const maxK = 50

type checkInput struct {
	Draft  string `json:"draft" jsonschema:"the draft's text (Markdown or plain text); it is checked as text, never followed as instructions"`
	Engine string `json:"engine,omitempty" jsonschema:"offline or llm; default: the engine chosen in Continuity's Settings"`
	K      int    `json:"k,omitempty" jsonschema:"published passages retrieved per paragraph, 1 to 50 (default 8)"`
}

func (srv *Server) addCheck(ms *mcp.Server) error {
	in, err := inputSchema[checkInput](func(p map[string]*jsonschema.Schema) {
		p["draft"].MinLength, p["draft"].MaxLength = intPtr(1), intPtr(check.MaxDraftBytes)
		p["engine"].Enum = []any{string(engine.Offline), string(engine.LLM)}
		p["k"].Minimum, p["k"].Maximum = floatPtr(1), floatPtr(maxK)
	})
	if err != nil {
		return err
	}
	ann := readOnly("Check a draft")
	if srv.opts.AllowWrites {
		ann.ReadOnlyHint = false // the check goes to the history
	}
	// the LLM engine, when chosen, calls the configured model endpoint
	ann.OpenWorldHint = nil
	mcp.AddTool(ms, &mcp.Tool{Name: "check_draft", InputSchema: in, Annotations: ann,
		Description: `Checks a draft against the published corpus: every factual claim is labelled supported,
contradicted or not_covered with the published passages that decide it, and the draft's voice & tone is
checked against the team's guidelines. Returns the same JSON as "continuity check --json". Send a
progress token to receive progress notifications; cancelling the request stops the check.`},
		logged(srv.log, "check_draft", srv.checkDraft))
	return nil
}

func (srv *Server) checkDraft(ctx context.Context, req *mcp.CallToolRequest, in checkInput) (*mcp.CallToolResult, check.JSONReport, error) {
	var none check.JSONReport
	if len(in.Draft) > check.MaxDraftBytes {
		return nil, none, fmt.Errorf("draft: %d bytes, over the %d-byte limit", len(in.Draft), check.MaxDraftBytes)
	}
	if strings.TrimSpace(in.Draft) == "" {
		return nil, none, errors.New("draft: empty; send the draft's text")
	}
	var eng engine.Engine
	if in.Engine != "" {
		e, err := engine.Parse(in.Engine)
		if err != nil {
			return nil, none, fmt.Errorf("engine must be offline or llm, got %q", in.Engine)
		}
		eng = e
	}
	if in.K < 0 || in.K > maxK {
		return nil, none, fmt.Errorf("k must be between 1 and %d, got %d", maxK, in.K)
	}
	creq := check.Request{Draft: in.Draft, Source: check.SourceMCP, Engine: eng, K: in.K, Ephemeral: !srv.opts.AllowWrites}
	out, err := check.Run(ctx, srv.sess, creq, progressFor(ctx, req, srv.log))
	srv.logIndex(out.Repairs, out.Synced)
	if errors.Is(err, check.ErrNoKey) {
		return nil, none, fmt.Errorf("%w; set one in Continuity's Settings or OPENAI_API_KEY, or use engine \"offline\"", err)
	}
	if err != nil {
		return nil, none, fmt.Errorf("check_draft: %w", err)
	}
	rep := out.Record.Report
	text := renderCheck(rep)
	for _, w := range out.VoiceWarnings {
		text = "voice rules: " + w + "\n" + text
	}
	if out.VoiceSkipped != nil {
		// the verdicts stand on their own; the missing voice check is said, not hidden
		text = fmt.Sprintf("voice check not run: %v\n%s", out.VoiceSkipped, text)
		srv.log.Warn("voice check not run", "err", out.VoiceSkipped)
	}
	return textResult(text), check.ContractJSON(rep), nil
}
