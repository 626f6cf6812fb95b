package cli

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"continuity/backend/golden"
	"continuity/backend/xlsx"
)

// botToken is the credential the fake assistant wants; it must reach the
// server and appear nowhere else.
const botToken = "sk-bot-7f3a9c1e5d"

// source is one passage the fake assistant cites.
type source struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

// reply is the fake assistant's scripted answer to one question.
type reply struct {
	Answer  string   `json:"answer"`
	Sources []source `json:"sources"`
}

// assistantTable is what the fake assistant answers, by question text.
// Hand computation against targetGolden's references:
//
//	Q1 refs {help-refund}              returns help-refund, help-invoices, blog-2  recall 1    precision 1/3  line 1
//	Q2 refs {help-trial, help-refund}  returns help-trial                          recall 1/2  precision 1    line 1
//	Q3 refs {help-invoices}            returns blog-9                              recall 0    precision 0    line 0
//	Q4 refs {help-trial}               returns help-trial, help-trial              recall 1    precision 1    line 1
//	Q5 refuse                          refuses, no sources                         refusal 1
//
// ID context recall = (1 + 0.5 + 0 + 1) / 4 = 0.625; ID context precision =
// (1/3 + 1 + 0 + 1) / 4 = 0.58333; supporting-line recall = 3/4 = 0.75.
var assistantTable = map[string]reply{
	"How long is the refund window after purchase?": {Answer: "You can get a full refund within 30 days of purchase.", Sources: []source{
		{"help-refund", "You can get a full refund within 30 days of purchase."}, {"help-invoices", "Invoices can be exported to PDF."}, {"blog-2", "Our refund story."}}},
	"How many days does the free trial last?": {Answer: "The free trial lasts 14 days.", Sources: []source{
		{"help-trial", "Every new workspace gets a free trial of 14 days."}}},
	"Can invoices be exported to PDF?": {Answer: "Yes, from the invoice list.", Sources: []source{{"blog-9", "We love PDFs."}}},
	"Does the trial need a card?": {Answer: "The free trial needs no card.", Sources: []source{
		{"help-trial", "Every new workspace gets a free trial of 14 days."}, {"help-trial", "No card is needed for the trial."}}},
	"Which moon phase makes quantum teleportation faster?": {Answer: "Sorry, this is not covered in our knowledge base.", Sources: []source{}},
}

var targetGolden = []golden.Row{
	{ID: "Q1", Question: "How long is the refund window after purchase?", Category: golden.Routine, ApprovedAnswer: "A full refund within 30 days.",
		ReferenceDocIDs: []string{"help-refund"}, SupportingLine: "full refund within 30 days"},
	{ID: "Q2", Question: "How many days does the free trial last?", Category: golden.Routine, ApprovedAnswer: "14 days.",
		ReferenceDocIDs: []string{"help-trial", "help-refund"}, SupportingLine: "free trial of 14 days"},
	{ID: "Q3", Question: "Can invoices be exported to PDF?", Category: golden.Tricky, ApprovedAnswer: "Yes, from the invoice list.",
		ReferenceDocIDs: []string{"help-invoices"}, SupportingLine: "exported to PDF from the invoice list"},
	{ID: "Q4", Question: "Does the trial need a card?", Category: golden.Routine, ApprovedAnswer: "No card is needed.",
		ReferenceDocIDs: []string{"help-trial"}, SupportingLine: "No card is needed"},
	{ID: "Q5", Question: "Which moon phase makes quantum teleportation faster?", Category: golden.Refuse, ApprovedAnswer: "This is not covered in our knowledge base."},
}

// fakeAssistant serves the table on /ask and scripted faults on /slow,
// /500, /html, /noanswer, /empty and /urls. It records the credentials it saw.
type fakeAssistant struct {
	*httptest.Server
	mu    sync.Mutex
	auth  []string
	keys  []string
	calls map[string]int
}

func newFakeAssistant(t *testing.T) *fakeAssistant {
	t.Helper()
	f := &fakeAssistant{calls: map[string]int{}}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeAssistant) serve(w http.ResponseWriter, r *http.Request) {
	var req struct{ Question, Session string }
	_ = json.NewDecoder(r.Body).Decode(&req)
	f.mu.Lock()
	f.auth, f.keys = append(f.auth, r.Header.Get("Authorization")), append(f.keys, r.URL.Query().Get("key"))
	f.calls[r.URL.Path]++
	f.mu.Unlock()
	if r.Header.Get("Authorization") != "Bearer "+botToken {
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	}
	rep, ok := assistantTable[req.Question]
	if !ok {
		http.Error(w, "unknown question", http.StatusBadRequest)
		return
	}
	switch r.URL.Path {
	case "/slow":
		select {
		case <-time.After(5 * time.Second):
		case <-r.Context().Done():
		}
		return
	case "/500":
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	case "/html":
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head></html>")
		return
	case "/noanswer":
		rep.Answer = ""
		_ = json.NewEncoder(w).Encode(map[string]any{"text": rep.Answer, "sources": rep.Sources})
		return
	case "/empty":
		rep.Sources = []source{}
	case "/urls":
		for i := range rep.Sources {
			rep.Sources[i].ID = "https://help.example.com/" + rep.Sources[i].ID
		}
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(rep)
}

// targetFile writes a target file for the fake assistant's path.
func (f *fakeAssistant) targetFile(t *testing.T, path, extra string) string {
	t.Helper()
	yaml := fmt.Sprintf(`kind: http
url: %s%s?key=${SUPPORT_BOT_TOKEN}
method: POST
headers: {Authorization: "Bearer ${SUPPORT_BOT_TOKEN}"}
body: {"question": "{{question}}", "session": "eval-{{id}}"}
answer: $.answer
contexts: $.sources[*].text
context_ids: $.sources[*].id
refusal: (?i)not covered
concurrency: 2
%s`, f.URL, path, extra)
	if !strings.Contains(extra, "timeout:") {
		yaml += "timeout: 5s\n"
	}
	if !strings.Contains(extra, "retries:") {
		yaml += "retries: 1\n"
	}
	p := filepath.Join(t.TempDir(), "support-bot.yaml")
	goldenMust(t, os.WriteFile(p, []byte(yaml), 0o600))
	return p
}

// targetWorkspace writes the three-document corpus and targetGolden.
func targetWorkspace(t *testing.T) ([]string, string) {
	t.Helper()
	dir := t.TempDir()
	ws := filepath.Join(dir, "ws")
	docs := map[string]string{
		"refunds.md":  "---\nid: help-refund\nstatus: published\n---\n# Refunds\n\nYou can get a full refund within 30 days of purchase.\n",
		"trial.md":    "---\nid: help-trial\nstatus: published\n---\n# Free trial\n\nEvery new workspace gets a free trial of 14 days. No card is needed.\n",
		"invoices.md": "---\nid: help-invoices\nstatus: published\n---\n# Invoices\n\nInvoices can be exported to PDF from the invoice list.\n",
	}
	goldenMust(t, os.MkdirAll(filepath.Join(ws, "content"), 0o755))
	for name, body := range docs {
		goldenMust(t, os.WriteFile(filepath.Join(ws, "content", name), []byte(body), 0o644))
	}
	file := filepath.Join(dir, "support.xlsx")
	goldenMust(t, xlsx.WriteFile(file, targetGolden))
	return []string{"--data", filepath.Join(dir, "data"), "--corpus", ws}, file
}

// recordedCases are the fake assistant's answers to targetGolden as a
// responses file: JSONL rows, and the same as spreadsheet cells.
func recordedCases() (jsonl string, table [][]string) {
	table = [][]string{{"id", "question", "response", "retrieved_contexts", "retrieved_context_ids"}}
	var b strings.Builder
	for i, g := range targetGolden {
		rep := assistantTable[g.Question]
		texts, ids := []string{}, []string{}
		for _, s := range rep.Sources {
			texts, ids = append(texts, s.Text), append(ids, s.ID)
		}
		row := map[string]any{"response": rep.Answer, "retrieved_contexts": texts, "retrieved_context_ids": ids}
		id, q := g.ID, ""
		if i%2 == 1 { // every other case matched by its question text alone
			id, q = "", g.Question
			row["user_input"] = q
		} else {
			row["id"] = id
		}
		line, _ := json.Marshal(row)
		b.Write(line)
		b.WriteByte('\n')
		tj, _ := json.Marshal(texts)
		table = append(table, []string{id, q, rep.Answer, string(tj), strings.Join(ids, "|")})
	}
	return b.String(), table
}
