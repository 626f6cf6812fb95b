package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"continuity/backend/check"
	"continuity/backend/session"
	"continuity/backend/session/sessiontest"
)

// sampleCorpus is the bundled sample workspace, relative to this package.
const sampleCorpus = "../../corpus"

// fixture is a session on a private copy of the sample workspace with its
// index built and the sample golden set imported.
type fixture struct {
	sess *session.Session
	ws   string
}

// newFixture is a fixture of the test's own, for tests that write.
func newFixture(t *testing.T) *fixture {
	t.Helper()
	f, closeFn, err := buildFixture(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(closeFn)
	return f
}

var shared struct {
	once sync.Once
	dir  string
	f    *fixture
	stop func()
	err  error
}

// readOnlyFixture is one fixture shared by the tests that only read, so
// the index is built once; a test that writes must use newFixture.
func readOnlyFixture(t testing.TB) *fixture {
	t.Helper()
	shared.once.Do(func() {
		if shared.dir, shared.err = os.MkdirTemp("", "mcpserver-test-"); shared.err == nil {
			shared.f, shared.stop, shared.err = buildFixture(shared.dir)
		}
	})
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return shared.f
}

func TestMain(m *testing.M) {
	code := m.Run()
	if shared.stop != nil {
		shared.stop()
	}
	if shared.dir != "" {
		_ = os.RemoveAll(shared.dir)
	}
	os.Exit(code)
}

func buildFixture(dir string) (*fixture, func(), error) {
	ctx := context.Background()
	ws := filepath.Join(dir, "workspace")
	if err := os.CopyFS(ws, os.DirFS(sampleCorpus)); err != nil {
		return nil, nil, err
	}
	s, err := session.Open(ctx, session.Options{DataDir: filepath.Join(dir, "data"), CorpusFlag: ws})
	if err != nil {
		return nil, nil, err
	}
	stop := func() { _ = s.Close() }
	if err := importSample(ctx, s, ws); err != nil {
		stop()
		return nil, nil, err
	}
	return &fixture{sess: s, ws: ws}, stop, nil
}

// importSample builds the index and imports the sample golden set.
func importSample(ctx context.Context, s *session.Session, _ string) error {
	_, err := sessiontest.ImportGolden(ctx, s, "sample")
	return err
}

// history is how many checks the workspace's history holds.
func (f *fixture) history(t *testing.T) []check.Entry {
	t.Helper()
	ctx := context.Background()
	id, err := f.sess.WorkspaceID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	repo, err := check.NewRepo(ctx, f.sess.DB, id)
	if err != nil {
		t.Fatal(err)
	}
	list, err := repo.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func (f *fixture) draft(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(f.ws, "drafts", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// connect serves the fixture's session to the SDK's own client over an
// in-memory transport.
func connect(t *testing.T, f *fixture, o Options, co *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	ms, err := New(f.sess, o)
	if err != nil {
		t.Fatal(err)
	}
	st, ct := mcp.NewInMemoryTransports()
	ss, err := ms.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "1"}, co).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cs.Close()
		_ = ss.Wait()
	})
	return cs
}

func call(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

// structured decodes a tool's structured content into out, refusing
// fields out does not declare so a shape drift fails.
func structured(t *testing.T, res *mcp.CallToolResult, out any) {
	t.Helper()
	if res.IsError {
		t.Fatalf("tool error: %s", resultText(res))
	}
	raw, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(out); err != nil {
		t.Fatalf("structured content: %v\n%s", err, raw)
	}
}

func resultText(res *mcp.CallToolResult) string {
	var s string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			s += tc.Text
		}
	}
	return s
}

// recordLog is a slog handler that hands each record to a channel, so a
// test can wait for what the server says it did.
type recordLog struct {
	mu  sync.Mutex
	out chan slog.Record
}

func newRecordLog() *recordLog { return &recordLog{out: make(chan slog.Record, 1024)} }

func (h *recordLog) Enabled(context.Context, slog.Level) bool { return true }
func (h *recordLog) Handle(_ context.Context, r slog.Record) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	select {
	case h.out <- r.Clone():
	default: // a full channel drops: tests look for one record only
	}
	return nil
}
func (h *recordLog) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h *recordLog) WithGroup(string) slog.Handler      { return h }

func slogOf(h slog.Handler) *slog.Logger { return slog.New(h) }
