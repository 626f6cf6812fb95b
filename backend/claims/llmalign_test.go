package claims

import (
	"context"
	"strings"
	"testing"
	"time"

	"continuity/backend/llm"
	"continuity/backend/llm/llmtest"
)

// A product page of seven sentences; the second decides the draft's
// "It runs on iPhones".
var pricingSentences = []Sentence{
	{Text: "Tallyhub Go costs $5 a month.", Vec: []float32{1, 0, 0}},
	{Text: "It runs on iPhones and iPads.", Vec: []float32{0, 1, 0}},
	{Text: "Support answers within a day.", Vec: []float32{0.5, 0.5, 0.1}},
	{Text: "Exports are free.", Vec: []float32{0.5, 0.4, 0.1}},
	{Text: "Invoices go out monthly.", Vec: []float32{0.4, 0.4, 0.2}},
	{Text: "Teams share one workspace.", Vec: []float32{0.3, 0.3, 0.3}},
	{Text: "Data stays in the EU.", Vec: []float32{0.2, 0.2, 0.5}},
}

func pricingChunk() Passage {
	var texts []string
	for _, s := range pricingSentences {
		texts = append(texts, s.Text)
	}
	return Passage{DocID: "go", ChunkID: "tallyhub-go#0", Title: "Tallyhub Go", Text: strings.Join(texts, " ")}
}

// vectorSearcher returns the product page and, as the index adapter does,
// its stored sentences; claims about iPhones embed near sentence 1.
type vectorSearcher struct{ withVectors bool }

func (vectorSearcher) Search(context.Context, string, int) ([]Passage, error) {
	return []Passage{pricingChunk()}, nil
}

func (s vectorSearcher) Sentences(_ context.Context, ids []string) (map[string][]Sentence, error) {
	out := map[string][]Sentence{}
	text := pricingChunk().Text
	for _, id := range ids {
		if id != "tallyhub-go#0" {
			continue
		}
		for _, x := range pricingSentences {
			i := strings.Index(text, x.Text)
			x.Start, x.End = i, i+len(x.Text)
			if !s.withVectors {
				x.Vec = nil
			}
			out[id] = append(out[id], x)
		}
	}
	return out, nil
}

func (vectorSearcher) EmbedSentences(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = []float32{1, 0.1, 0}
		if strings.Contains(t, "iPhones") {
			out[i] = []float32{0.1, 1, 0}
		}
	}
	return out, nil
}

// plainSearcher has the page but no sentence source.
type plainSearcher struct{}

func (plainSearcher) Search(context.Context, string, int) ([]Passage, error) {
	return []Passage{pricingChunk()}, nil
}

func scriptedLLM(t *testing.T, decompose, verify any) (*llmtest.Server, *LLMEngine) {
	t.Helper()
	srv := llmtest.New(t)
	srv.On(llmtest.Schema("claims_decompose"), llmtest.Reply{JSON: decompose})
	srv.On(llmtest.Schema("claims_verify"), llmtest.Reply{JSON: verify})
	client, err := llm.New(llm.Config{BaseURL: srv.URL, APIKey: "test-key", Models: llm.Models{Answer: "m", Judge: "m"},
		Timeout: 30 * time.Second, MaxConcurrency: 2})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close() })
	return srv, NewLLM(client)
}

func verifyUserMessage(t *testing.T, srv *llmtest.Server) string {
	t.Helper()
	for _, r := range srv.Requests() {
		if r.SchemaName == "claims_verify" {
			return r.Messages[1].Content
		}
	}
	t.Fatal("no verify request was sent")
	return ""
}

const goDraft = "Tallyhub Go is our new app. It runs on iPhones."

var (
	goDecompose = map[string]any{"claims": []any{
		map[string]any{"text": "Tallyhub Go is a new app.", "source": "Tallyhub Go is our new app."},
		map[string]any{"text": "Tallyhub Go runs on iPhones.", "source": "It runs on iPhones."},
	}}
	goVerify = map[string]any{"verdicts": []any{
		map[string]any{"claim": 0, "verdict": "not_covered", "explanation": "No passage says when it launched.", "evidence": []any{}},
		map[string]any{"claim": 1, "verdict": "supported", "explanation": "The page names iPhones.",
			"evidence": []any{map[string]any{"chunk_id": "tallyhub-go#0", "quote": "It runs on iPhones and iPads."}}},
	}}
)

func TestLLMVerifySeesAlignedSentencesBeforeThePassages(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		search  Searcher
		aligned bool
	}{
		{"index with sentence vectors", vectorSearcher{withVectors: true}, true},
		{"index without sentence vectors", vectorSearcher{}, false},
		{"searcher with no sentence source", plainSearcher{}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			srv, e := scriptedLLM(t, goDecompose, goVerify)
			rep, err := e.Check(context.Background(), goDraft, c.search)
			if err != nil {
				t.Fatal(err)
			}
			user := verifyUserMessage(t, srv)
			head, passages, ok := strings.Cut(user, "\nPassages:\n")
			if !ok {
				t.Fatalf("no passages section:\n%s", user)
			}
			_, block, found := strings.Cut(head, "Published sentences most similar to each claim:\n")
			if found != c.aligned {
				t.Fatalf("aligned section present %v, want %v:\n%s", found, c.aligned, user)
			}
			if c.aligned {
				claim1 := block[strings.Index(block, "claim 1:"):]
				first := strings.Index(claim1, "sentence: ")
				if first < 0 || !strings.HasPrefix(claim1[first:], "sentence: It runs on iPhones and iPads.") {
					t.Errorf("claim 1's closest sentence is not listed first:\n%s", claim1)
				}
				if n := strings.Count(block, "sentence: "); n != 2*alignedPerClaim {
					t.Errorf("%d aligned sentences, want %d per claim", n, alignedPerClaim)
				}
				// corpus text stays inside the data fences
				if outside := fenced.ReplaceAllString(head, ""); strings.Contains(outside, "iPads") || strings.Contains(outside, "tallyhub-go#0") {
					t.Errorf("aligned sentences leak outside their fence:\n%s", outside)
				}
				if !strings.Contains(block, `chunk_id: "tallyhub-go#0"`) {
					t.Errorf("aligned sentences do not name their chunk:\n%s", block)
				}
			}
			if !strings.Contains(passages, "It runs on iPhones and iPads.") {
				t.Errorf("the passage itself is no longer sent:\n%s", passages)
			}
			// the claims are sent self-contained
			if !strings.Contains(head, "Tallyhub Go runs on iPhones.") {
				t.Errorf("verify did not get the self-contained claim:\n%s", head)
			}
			if rep.PromptVersions[PromptVerify] != "v4" || len(rep.Results) != 2 || rep.Results[1].Verdict != Supported {
				t.Fatalf("report %+v", rep)
			}
		})
	}
}

// The model's claims come back in the writer's words, with the model's
// wording as the resolved hint; a source the draft does not hold is
// flagged, its span the paragraph it came from.
func TestLLMClaimsKeepTheWritersWords(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name                 string
		source               string
		wantText, wantResolv string
		wantFlag             bool
	}{
		{"source verbatim", "It runs on iPhones.", "It runs on iPhones.", "Tallyhub Go runs on iPhones.", false},
		{"source with other whitespace", "It  runs on\niPhones.", "It runs on iPhones.", "Tallyhub Go runs on iPhones.", false},
		{"source not in the draft", "Tallyhub Go works on every phone.", goDraft, "Tallyhub Go runs on iPhones.", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dec := map[string]any{"claims": []any{map[string]any{"text": "Tallyhub Go runs on iPhones.", "source": c.source}}}
			ver := map[string]any{"verdicts": []any{map[string]any{"claim": 0, "verdict": "not_covered", "explanation": "x", "evidence": []any{}}}}
			_, e := scriptedLLM(t, dec, ver)
			rep, err := e.Check(context.Background(), goDraft, plainSearcher{})
			if err != nil {
				t.Fatal(err)
			}
			r := rep.Results[0]
			if r.Text != c.wantText || goDraft[r.Start:r.End] != r.Text || r.Resolved != c.wantResolv {
				t.Fatalf("claim %+v, want text %q resolved %q", r.Claim, c.wantText, c.wantResolv)
			}
			flagged := strings.Contains(strings.Join(r.Flags, ","), FlagUnlocatedClaim)
			if flagged != c.wantFlag {
				t.Fatalf("flags %v, want unlocated %v", r.Flags, c.wantFlag)
			}
		})
	}
}
