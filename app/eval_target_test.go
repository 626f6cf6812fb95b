package app

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/wailsapp/wails/v2/pkg/runtime"

	"continuity/backend/evalrun"
	"continuity/backend/golden"
	"continuity/backend/session"
	"continuity/backend/xlsx"
)

// deskToken is what the fake assistant wants in its Authorization header;
// it must reach the assistant and no DTO.
const deskToken = "desk-token-93b1e07c"

// deskSource and deskReply are the fake assistant's reply format.
type deskSource struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

type deskReply struct {
	Answer  string       `json:"answer"`
	Sources []deskSource `json:"sources"`
}

// deskGolden and deskAnswers, computed by hand (refuse rows have no
// references or supporting line, so only R1..R3 count for the ID metrics):
//
//	R1 refs {help-refund}                returns help-refund, help-trial  recall 1    precision 1/2  line 1
//	R2 refs {help-trial}                 returns help-invoices            recall 0    precision 0    line 0
//	R3 refs {help-invoices, help-refund} returns help-invoices            recall 1/2  precision 1    line 1
//	R4 refuse                            refuses, no sources              refusal correct
//
// ID context recall = 1.5/3 = 0.5, ID context precision = 1.5/3 = 0.5,
// supporting-line recall = 2/3.
var deskGolden = []golden.Row{
	{ID: "R1", Question: "How long do I have to ask for a refund?", Category: golden.Routine, ApprovedAnswer: "30 days from purchase.",
		ReferenceDocIDs: []string{"help-refund"}, SupportingLine: "refund within 30 days"},
	{ID: "R2", Question: "How long is the free trial?", Category: golden.Routine, ApprovedAnswer: "14 days.",
		ReferenceDocIDs: []string{"help-trial"}, SupportingLine: "free trial lasts 14 days"},
	{ID: "R3", Question: "Can I get my invoices as PDF?", Category: golden.Routine, ApprovedAnswer: "Yes, from the billing page.",
		ReferenceDocIDs: []string{"help-invoices", "help-refund"}, SupportingLine: "exported as PDF"},
	{ID: "R4", Question: "Which tide table do the servers follow?", Category: golden.Refuse, ApprovedAnswer: "This is not covered in our help center."},
}

var deskAnswers = map[string]deskReply{
	"How long do I have to ask for a refund?": {Answer: "You can ask for a refund within 30 days.", Sources: []deskSource{
		{"help-refund", "You can ask for a refund within 30 days of purchase."}, {"help-trial", "The free trial lasts 14 days."}}},
	"How long is the free trial?":             {Answer: "Two weeks.", Sources: []deskSource{{"help-invoices", "Invoices are PDFs."}}},
	"Can I get my invoices as PDF?":           {Answer: "Yes.", Sources: []deskSource{{"help-invoices", "Invoices can be exported as PDF from the billing page."}}},
	"Which tide table do the servers follow?": {Answer: "Sorry, that is not covered by our help center.", Sources: []deskSource{}},
}

// deskAssistant is a local HTTP assistant answering from deskAnswers; it
// counts the calls that carried the token.
func deskAssistant(t *testing.T) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	authorized := &atomic.Int32{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+deskToken {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		var req struct{ Question string }
		_ = json.NewDecoder(r.Body).Decode(&req)
		rep, ok := deskAnswers[req.Question]
		if !ok {
			http.Error(w, "unknown question", http.StatusBadRequest)
			return
		}
		authorized.Add(1)
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(rep)
	}))
	t.Cleanup(srv.Close)
	return srv, authorized
}

// deskService is the desktop's eval service over a workspace of three
// help pages with deskGolden imported as the set "support".
func deskService(t *testing.T) (*EvalService, *recorder) {
	t.Helper()
	dir := t.TempDir()
	ws := filepath.Join(dir, "ws")
	docs := map[string]string{
		"refund.md":   "---\nid: help-refund\nstatus: published\n---\n# Refunds\n\nYou can ask for a refund within 30 days of purchase.\n",
		"trial.md":    "---\nid: help-trial\nstatus: published\n---\n# Free trial\n\nThe free trial lasts 14 days and needs no card.\n",
		"invoices.md": "---\nid: help-invoices\nstatus: published\n---\n# Invoices\n\nInvoices can be exported as PDF from the billing page.\n",
	}
	must(t, os.MkdirAll(filepath.Join(ws, "content"), 0o755))
	for name, body := range docs {
		must(t, os.WriteFile(filepath.Join(ws, "content", name), []byte(body), 0o644))
	}
	ctx := context.Background()
	sess, err := session.Open(ctx, session.Options{DataDir: filepath.Join(dir, "data"), CorpusFlag: ws})
	must(t, err)
	t.Cleanup(func() { _ = sess.Close() })
	book := filepath.Join(dir, "support.xlsx")
	must(t, xlsx.WriteFile(book, deskGolden))
	if _, _, err := evalrun.ImportWorkbook(ctx, sess, book, nil); err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	ready := make(chan struct{})
	close(ready)
	return &EvalService{c: &core{ctx: ctx, sess: sess, log: log, startupDone: ready, jobs: newJobs(ctx, rec, log)}}, rec
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// writeFile writes body to name in a fresh temp dir and returns its path.
func writeFile(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	must(t, os.WriteFile(p, []byte(body), 0o600))
	return p
}

func deskTargetFile(t *testing.T, url string) string {
	t.Helper()
	return writeFile(t, "support-bot.yaml", fmt.Sprintf(`kind: http
url: %s/ask
headers: {Authorization: "Bearer ${DESK_BOT_TOKEN}"}
body: {"question": "{{question}}", "id": "{{id}}"}
answer: $.answer
contexts: $.sources[*].text
context_ids: $.sources[*].id
refusal: (?i)not covered
concurrency: 1
retries: 0
timeout: 5s
`, url))
}

// deskResponses is deskAnswers as JSONL: R2 matched by its question text
// alone, and one row that matches no question.
func deskResponses(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	for _, g := range deskGolden {
		rep := deskAnswers[g.Question]
		texts, ids := []string{}, []string{}
		for _, s := range rep.Sources {
			texts, ids = append(texts, s.Text), append(ids, s.ID)
		}
		row := map[string]any{"id": g.ID, "response": rep.Answer, "retrieved_contexts": texts, "retrieved_context_ids": ids}
		if g.ID == "R2" {
			delete(row, "id")
			row["user_input"] = g.Question
		}
		line, _ := json.Marshal(row)
		b.Write(line)
		b.WriteByte('\n')
	}
	b.WriteString(`{"id": "R99", "response": "An answer to a question nobody asked.", "retrieved_contexts": [], "retrieved_context_ids": []}` + "\n")
	return writeFile(t, "recorded.jsonl", b.String())
}

// runDesk starts a run through the bound method, waits for its job and
// returns the run's scorecard.
func runDesk(t *testing.T, svc *EvalService, rec *recorder, tgt EvalTargetDTO) ScorecardDTO {
	t.Helper()
	if _, err := svc.StartRun("support", "offline", 1, tgt); err != nil {
		t.Fatal(err)
	}
	svc.c.jobs.wait()
	done := rec.done()
	last := done[len(done)-1]
	if !last.OK {
		t.Fatalf("run failed: %s", last.Error)
	}
	runID, _ := last.Result.(string)
	sc, err := svc.GetScorecard(runID, "")
	must(t, err)
	return sc
}

func tileMean(t *testing.T, sc ScorecardDTO, metric string) *float64 {
	t.Helper()
	for _, tile := range sc.Tiles {
		if tile.Metric == metric {
			return tile.Mean
		}
	}
	t.Fatalf("no %s tile", metric)
	return nil
}

// A desktop run against the team's assistant over HTTP and one against a
// recorded responses file each record their target and give the
// deterministic metrics computed by hand; no secret reaches a DTO.
func TestDesktopRunRecordsItsTarget(t *testing.T) {
	t.Setenv("DESK_BOT_TOKEN", deskToken)
	srv, calls := deskAssistant(t)
	svc, rec := deskService(t)
	targetPath, responsesPath := deskTargetFile(t, srv.URL), deskResponses(t)

	cases := []struct {
		name      string
		target    EvalTargetDTO
		kind      string
		label     string // a part of the target's one-line label
		file      string
		url       string
		warning   string // a part of a run note, "" for none expected
		wantCalls int32
	}{
		{name: "a team assistant over HTTP", target: EvalTargetDTO{Kind: "http", Path: targetPath, Judge: "none"}, kind: "http",
			label: "http POST " + srv.URL + "/ask (support-bot.yaml)", file: "support-bot.yaml", url: srv.URL + "/ask", wantCalls: 4},
		{name: "a recorded responses file", target: EvalTargetDTO{Kind: "responses", Path: responsesPath, Judge: "none"}, kind: "responses",
			label: "responses recorded.jsonl (sha256 ", file: "recorded.jsonl", warning: "R99", wantCalls: 4},
	}
	for _, c := range cases {
		sc := runDesk(t, svc, rec, c.target)
		got := sc.Run.Target
		if got.Kind != c.kind || got.File != c.file || got.URL != c.url || !strings.Contains(got.Label, c.label) {
			t.Errorf("%s: got target %+v, want kind %s, file %s, url %q, label with %q", c.name, got, c.kind, c.file, c.url, c.label)
		}
		if len(got.SHA256) != 64 || got.ShortHash != got.SHA256[:12] {
			t.Errorf("%s: got sha256 %q and short hash %q, want a sha256 and its first 12 digits", c.name, got.SHA256, got.ShortHash)
		}
		if sc.Run.Judge != "none" {
			t.Errorf("%s: got judge %q, want none", c.name, sc.Run.Judge)
		}
		if sc.Errors != 0 {
			t.Errorf("%s: got %d errored questions, want 0", c.name, sc.Errors)
		}
		for metric, want := range map[string]float64{"id_context_recall": 0.5, "id_context_precision": 0.5, "supporting_line_recall": 2.0 / 3} {
			if m := tileMean(t, sc, metric); m == nil || math.Abs(*m-want) > 1e-9 {
				t.Errorf("%s: got %s %v, want %.4f", c.name, metric, m, want)
			}
		}
		// the target file gives a refusal pattern; recorded responses
		// without one cannot say what a refusal is
		if m := tileMean(t, sc, "refusal_correctness"); (m == nil) != (c.kind == "responses") || (m != nil && *m != 1) {
			t.Errorf("%s: got refusal correctness %v", c.name, m)
		}
		if m := tileMean(t, sc, "faithfulness"); m != nil {
			t.Errorf("%s: got faithfulness %v, want not measured with judge none", c.name, *m)
		}
		notes := strings.Join(sc.Run.Notes, "\n")
		if c.warning != "" && !strings.Contains(notes, c.warning) {
			t.Errorf("%s: got notes %q, want one about %s", c.name, notes, c.warning)
		}
		if n := calls.Load(); n != c.wantCalls {
			t.Errorf("%s: the assistant got %d authorized calls, want %d", c.name, n, c.wantCalls)
		}

		// two runs can start in one second, so find this one by its ID
		runs, err := svc.ListRuns("support")
		must(t, err)
		listed := slices.IndexFunc(runs, func(r EvalRunDTO) bool { return r.ID == sc.Run.ID })
		if listed < 0 || runs[listed].Target.Kind != c.kind || runs[listed].Target.File != c.file {
			t.Errorf("%s: the runs list (%d runs) does not show run %s with its target", c.name, len(runs), sc.Run.ID)
		}
		for _, v := range []any{sc, runs} {
			b, _ := json.Marshal(v)
			if strings.Contains(string(b), deskToken) {
				t.Errorf("%s: the token is in a DTO: %s", c.name, b)
			}
		}
	}
	all, err := svc.ListRuns("support")
	must(t, err)
	if len(all) != 2 {
		t.Fatalf("got %d runs, want 2", len(all))
	}
}

// An invalid target or responses file is reported with its file and line
// (or row) before anything runs; a run started on it fails the same way.
func TestValidateTargetLocatesProblems(t *testing.T) {
	t.Setenv("DESK_BOT_TOKEN", deskToken)
	svc, rec := deskService(t)
	badYAML := writeFile(t, "bot.yaml", "kind: http\nurl: http://127.0.0.1:9/ask\nanswr: $.answer\n")
	badRows := writeFile(t, "rows.jsonl", `{"id": "R1", "response": "fine"}`+"\n"+`{"id": "R2", "response": "cut off`+"\n")
	unset := writeFile(t, "unset.yaml", "kind: http\nurl: http://127.0.0.1:9/ask\nheaders: {X-Key: \"${DESK_UNSET_VAR_7}\"}\nanswer: $.answer\n")
	good := deskResponses(t)

	cases := []struct {
		name, kind, path string
		ok               bool
		file             string
		line             int
		text             string // a part of the first problem's one-line text
	}{
		{"an unknown key in a target file", "http", badYAML, false, "bot.yaml", 3, `bot.yaml:3: unknown key "answr"`},
		{"a bad row of a responses file", "responses", badRows, false, "rows.jsonl", 2, "rows.jsonl:2"},
		{"a variable that is not set", "http", unset, false, "unset.yaml", 0, "DESK_UNSET_VAR_7 is not set"},
		{"a good responses file", "responses", good, true, "recorded.jsonl", 0, ""},
	}
	for _, c := range cases {
		got, err := svc.ValidateTarget(c.kind, c.path)
		must(t, err)
		if got.OK != c.ok || got.File != c.file {
			t.Errorf("%s: got ok %v file %q, want %v %q (%+v)", c.name, got.OK, got.File, c.ok, c.file, got)
			continue
		}
		if c.ok {
			if len(got.Problems) != 0 || got.Rows != 5 || got.Format != "jsonl" || got.ShortHash == "" {
				t.Errorf("%s: got %+v, want 5 jsonl rows, a hash and no problems", c.name, got)
			}
			continue
		}
		p := got.Problems[0]
		if p.File != c.file || p.Line != c.line || !strings.Contains(p.Text, c.text) {
			t.Errorf("%s: got problem %+v, want %s line %d with %q", c.name, p, c.file, c.line, c.text)
		}
	}

	if _, err := svc.StartRun("support", "offline", 1, EvalTargetDTO{Kind: "http", Path: badYAML, Judge: "none"}); err != nil {
		t.Fatal(err)
	}
	svc.c.jobs.wait()
	done := rec.done()
	if len(done) != 1 || done[0].OK || !strings.Contains(done[0].Error, "bot.yaml:3") {
		t.Errorf("got %+v, want a failed job naming bot.yaml:3", done)
	}
}

// The view's choice is checked before a job starts: the kind, the file
// type, and the judge against the engine (as the command line does).
func TestStartRunChecksTheChoice(t *testing.T) {
	t.Parallel()
	svc, _ := deskService(t)
	good := filepath.Join(t.TempDir(), "x.jsonl")
	cases := []struct {
		name   string
		engine string
		target EvalTargetDTO
		want   string
	}{
		{"an unknown kind", "offline", EvalTargetDTO{Kind: "ftp", Path: good}, "target kind"},
		{"a target without a file", "offline", EvalTargetDTO{Kind: "responses"}, "needs a file"},
		{"a relative path", "offline", EvalTargetDTO{Kind: "responses", Path: "x.jsonl"}, "absolute path"},
		{"a file of another type", "offline", EvalTargetDTO{Kind: "http", Path: good}, "not a http file"},
		{"a file for the built-in pipeline", "offline", EvalTargetDTO{Kind: "builtin", Path: good}, "takes no target file"},
		{"an unknown judge", "offline", EvalTargetDTO{Kind: "responses", Path: good, Judge: "oracle"}, "judge must be"},
		{"a built-in judge other than the engine", "offline", EvalTargetDTO{Kind: "builtin", Judge: "llm"}, "the engine picks both"},
	}
	for _, c := range cases {
		if _, err := svc.StartRun("support", c.engine, 1, c.target); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", c.name, err, c.want)
		}
	}
}

// The file dialog starts in the workspace folder and offers the kind's
// file types.
func TestChooseTargetFileOffersTheKindsFiles(t *testing.T) {
	svc, _ := deskService(t)
	ws, err := svc.c.sess.Workspace(svc.c.ctx)
	must(t, err)
	var seen []runtime.OpenDialogOptions
	old := openTargetDialog
	openTargetDialog = func(_ context.Context, o runtime.OpenDialogOptions) (string, error) {
		seen = append(seen, o)
		return "/picked/file", nil
	}
	t.Cleanup(func() { openTargetDialog = old })
	for kind, pattern := range map[string]string{"http": "*.yaml;*.yml", "responses": "*.jsonl;*.ndjson;*.csv;*.xlsx"} {
		seen = nil
		got, err := svc.ChooseTargetFile(kind)
		must(t, err)
		if got != "/picked/file" || len(seen) != 1 || seen[0].DefaultDirectory != ws.Root || seen[0].Filters[0].Pattern != pattern {
			t.Errorf("%s: got %q and dialog %+v, want the workspace folder and %s", kind, got, seen, pattern)
		}
	}
	if _, err := svc.ChooseTargetFile("builtin"); err == nil {
		t.Error("got nil, want an error for a kind without a file")
	}
}
