package mcpserver

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"continuity/backend/check"
)

func TestListsTheFiveReadOnlyTools(t *testing.T) {
	t.Parallel()
	cs := connect(t, readOnlyFixture(t), Options{}, nil)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		if tool.Annotations == nil || !tool.Annotations.ReadOnlyHint {
			t.Errorf("%s is not marked read-only", tool.Name)
		}
		if tool.Description == "" || tool.InputSchema == nil {
			t.Errorf("%s has no description or input schema", tool.Name)
		}
	}
	slices.Sort(names)
	want := []string{"check_draft", "get_document", "lint_voice", "list_golden_sets", "search_corpus"}
	if !slices.Equal(names, want) {
		t.Fatalf("tools = %v, want %v", names, want)
	}
}

func TestCheckDraftReturnsContradictedClaimsAndWritesNothing(t *testing.T) {
	t.Parallel()
	f := readOnlyFixture(t)
	cs := connect(t, f, Options{}, nil)
	res := call(t, cs, "check_draft", map[string]any{"draft": f.draft(t, "refund-newsletter.md"), "engine": "offline"})
	var rep check.JSONReport
	structured(t, res, &rep)
	if rep.Summary.Contradicted == 0 {
		t.Fatalf("no contradicted claims: %+v", rep.Summary)
	}
	// the sample's flagship contradiction (an archived 14-day window against
	// the current 30 days), and every contradiction names its passages
	var found bool
	for _, c := range rep.Claims {
		if c.Verdict == "contradicted" && len(c.Evidence) == 0 {
			t.Errorf("contradicted without evidence: %q", c.Text)
		}
		if strings.Contains(c.Text, "full refund within 14 days") {
			found = c.Verdict == "contradicted"
		}
	}
	if !found {
		t.Error("the 14-day refund claim is not contradicted")
	}
	if text := resultText(res); !strings.Contains(text, "[CONTRADICTED]") || !strings.Contains(text, "contradicted") {
		t.Errorf("text rendering does not name the contradiction:\n%s", text)
	}
	if h := f.history(t); len(h) != 0 {
		t.Errorf("a read-only server stored %d check(s) in the history", len(h))
	}
}

func TestAllowWritesKeepsTheCheckInTheHistory(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	cs := connect(t, f, Options{AllowWrites: true}, nil)
	call(t, cs, "check_draft", map[string]any{"draft": f.draft(t, "pricing-faq.md"), "engine": "offline"})
	h := f.history(t)
	if len(h) != 1 || h[0].Source != check.SourceMCP {
		t.Fatalf("history = %+v, want one check from mcp", h)
	}
}

func TestReadToolsAnswerFromTheWorkspace(t *testing.T) {
	t.Parallel()
	f := readOnlyFixture(t)
	cs := connect(t, f, Options{}, nil)
	t.Run("search_corpus", func(t *testing.T) {
		var out searchOutput
		structured(t, call(t, cs, "search_corpus", map[string]any{"query": "refund window annual plan", "k": 5}), &out)
		if len(out.Hits) == 0 || len(out.Hits) > 5 || out.Mode != "hybrid" {
			t.Fatalf("search = %d hits in mode %q, want 1..5 hybrid", len(out.Hits), out.Mode)
		}
		if out.Hits[0].DocID == "" || out.Hits[0].Text == "" {
			t.Errorf("first hit lacks doc id or text: %+v", out.Hits[0])
		}
	})
	t.Run("get_document", func(t *testing.T) {
		var out documentOutput
		structured(t, call(t, cs, "get_document", map[string]any{"id": "help-refund-policy"}), &out)
		if out.ID != "help-refund-policy" || !strings.Contains(out.Text, "30 days") || out.Truncated {
			t.Fatalf("document = %q truncated=%v, text %.200q", out.ID, out.Truncated, out.Text)
		}
	})
	t.Run("list_golden_sets", func(t *testing.T) {
		var out goldenSetsOutput
		structured(t, call(t, cs, "list_golden_sets", nil), &out)
		if len(out.Sets) != 1 || out.Sets[0].Name != "sample" || out.Sets[0].RowCount == 0 {
			t.Fatalf("sets = %+v, want the sample set with rows", out.Sets)
		}
	})
	t.Run("lint_voice", func(t *testing.T) {
		var out lintOutput
		structured(t, call(t, cs, "lint_voice", map[string]any{"text": f.draft(t, "tallyhub-go-anniversary.md")}), &out)
		for _, is := range out.Issues {
			if is.Line < 1 || is.Col < 1 || is.Passage == "" || is.Level == "" {
				t.Errorf("issue not located: %+v", is)
			}
		}
	})
}

func TestBadInputIsAToolErrorNotACrash(t *testing.T) {
	t.Parallel()
	cs := connect(t, readOnlyFixture(t), Options{}, nil)
	cases := []struct {
		name, tool string
		args       map[string]any
		want       string
	}{
		{"k over the limit", "search_corpus", map[string]any{"query": "refund", "k": 51}, "maximum"},
		{"unknown mode", "search_corpus", map[string]any{"query": "refund", "mode": "magic"}, "enum"},
		{"blank draft", "check_draft", map[string]any{"draft": "   "}, "empty"},
		{"unknown engine", "check_draft", map[string]any{"draft": "Text.", "engine": "gpt"}, "enum"},
		{"missing draft", "check_draft", map[string]any{}, "draft"},
		{"unknown document", "get_document", map[string]any{"id": "no-such-doc"}, "not found"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := call(t, cs, c.tool, c.args)
			if !res.IsError || !strings.Contains(resultText(res), c.want) {
				t.Fatalf("result error=%v %q, want a tool error mentioning %q", res.IsError, resultText(res), c.want)
			}
		})
	}
}

func TestDocumentsAreResources(t *testing.T) {
	t.Parallel()
	f := readOnlyFixture(t)
	cs := connect(t, f, Options{}, nil)
	ctx := context.Background()
	list, err := cs.ListResources(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	uri := documentURI("help-refund-policy")
	if !slices.ContainsFunc(list.Resources, func(r *mcp.Resource) bool { return r.URI == uri && r.Title != "" }) {
		t.Fatalf("%s not among %d resources", uri, len(list.Resources))
	}
	tpls, err := cs.ListResourceTemplates(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(tpls.ResourceTemplates) != 1 || tpls.ResourceTemplates[0].URITemplate != "continuity://documents/{id}" {
		t.Errorf("templates = %+v", tpls.ResourceTemplates)
	}
	read, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
	if err != nil {
		t.Fatal(err)
	}
	if len(read.Contents) != 1 || !strings.Contains(read.Contents[0].Text, "30 days") {
		t.Errorf("read %s = %+v", uri, read.Contents)
	}
	if _, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: documentURI("no-such-doc")}); err == nil {
		t.Error("reading an unknown document succeeded")
	}
}

func TestCheckDraftReportsProgressToAToken(t *testing.T) {
	t.Parallel()
	f := readOnlyFixture(t)
	got := make(chan *mcp.ProgressNotificationParams, 256)
	cs := connect(t, f, Options{}, &mcp.ClientOptions{ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) {
		select {
		case got <- r.Params:
		default:
		}
	}})
	params := &mcp.CallToolParams{Name: "check_draft", Arguments: map[string]any{"draft": f.draft(t, "refund-newsletter.md"), "engine": "offline"}}
	params.SetProgressToken("check-1")
	res, err := cs.CallTool(context.Background(), params)
	if err != nil || res.IsError {
		t.Fatalf("check_draft: %v %s", err, resultText(res))
	}
	// notifications precede the reply on the wire; the wait only guards a hang
	select {
	case p := <-got:
		if p.ProgressToken != "check-1" || p.Progress < 1 || p.Message == "" {
			t.Errorf("progress = %+v", p)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("no progress notification for a call with a progress token")
	}
}

func TestCancelledCheckStopsAndWritesNothing(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	logs := newRecordLog()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cs := connect(t, f, Options{AllowWrites: true, Log: slogOf(logs)}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(context.Context, *mcp.ProgressNotificationClientRequest) { cancel() },
	})
	// a long draft, so the check is still running when the cancel arrives
	draft := strings.Repeat(f.draft(t, "refund-newsletter.md")+"\n\n", 120)
	params := &mcp.CallToolParams{Name: "check_draft", Arguments: map[string]any{"draft": draft, "engine": "offline"}}
	params.SetProgressToken("cancel-me")
	_, err := cs.CallTool(ctx, params)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled call returned %v, want context.Canceled", err)
	}
	waitForToolEnd(t, logs, "check_draft")
	if h := f.history(t); len(h) != 0 {
		t.Errorf("a cancelled check left %d check(s) in the history", len(h))
	}
	// the session outlives a cancelled call
	var out goldenSetsOutput
	structured(t, call(t, cs, "list_golden_sets", nil), &out)
}

// waitForToolEnd waits until the server logs that tool failed with a
// cancellation; the deadline only guards a hang.
func waitForToolEnd(t *testing.T, logs *recordLog, tool string) {
	t.Helper()
	deadline := time.After(60 * time.Second)
	for {
		select {
		case r := <-logs.out:
			if r.Message != "mcp tool failed" {
				continue
			}
			var name, msg string
			r.Attrs(func(a slog.Attr) bool {
				switch a.Key {
				case "tool":
					name = a.Value.String()
				case "err":
					msg = a.Value.String()
				}
				return true
			})
			if name == tool {
				if !strings.Contains(msg, "context canceled") {
					t.Errorf("%s ended with %q, want a cancellation", tool, msg)
				}
				return
			}
		case <-deadline:
			t.Fatalf("%s never stopped after the cancel", tool)
		}
	}
}

func FuzzParseDocumentURI(f *testing.F) {
	for _, s := range []string{"continuity://documents/help-refund-policy", "continuity://documents/", "continuity://documents/a%2Fb",
		"continuity://documents/%zz", "file:///etc/passwd", "continuity://documents/%20"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, uri string) {
		id, ok := parseDocumentURI(uri)
		if !ok {
			return
		}
		if strings.TrimSpace(id) == "" {
			t.Fatalf("%q parsed to a blank id", uri)
		}
		if back, ok := parseDocumentURI(documentURI(id)); !ok || back != id {
			t.Fatalf("id %q does not round-trip: %q %v", id, back, ok)
		}
	})
}
