package eval

import (
	"context"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"sync/atomic"
)

// fakeCorpus is a generated help centre: documents of templated but varied
// sentences, chunked by three sentences, searched by an idf-weighted term
// index, so retrieval ranks and misses like a small real index does.
type fakeCorpus struct {
	chunks   []Passage
	terms    [][]string
	postings map[string][]int
	idf      map[string]float64
	calls    atomic.Int64
}

var (
	features = []string{"invoices", "payroll", "timesheets", "expenses", "reports", "projects", "clients", "taxes",
		"receipts", "budgets", "contracts", "approvals", "exports", "imports", "integrations", "permissions"}
	actions = []string{"export", "archive", "approve", "duplicate", "schedule", "filter", "merge", "lock",
		"share", "restore", "rename", "tag", "assign", "sync", "print", "email"}
	places = []string{"Settings", "the toolbar", "the detail page", "the Admin console", "the mobile app",
		"the bulk menu", "the sidebar", "the command palette"}
)

func newFakeCorpus(docs int, seed uint64) (*fakeCorpus, []Question) {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e37))
	c := &fakeCorpus{postings: map[string][]int{}, idf: map[string]float64{}}
	var qs []Question
	for d := range docs {
		docID := fmt.Sprintf("doc-%03d", d)
		feat := features[d%len(features)]
		var sents []string
		for s := range 6 {
			act := actions[rng.IntN(len(actions))]
			place := places[rng.IntN(len(places))]
			n := 2 + rng.IntN(40)
			sents = append(sents, fmt.Sprintf("You can %s up to %d %s at once from %s (plan %s-%d).", act, n, feat, place, feat[:3], d*7+s))
		}
		for i := 0; i < len(sents); i += 3 {
			c.add(Passage{DocID: docID, ChunkID: fmt.Sprintf("%s#%d", docID, i/3), Title: feat, Text: strings.Join(sents[i:i+3], " ")})
		}
		line := sents[rng.IntN(len(sents))]
		words := strings.Fields(line)
		qs = append(qs, Question{ID: fmt.Sprintf("Q%03d", len(qs)+1), Category: []Category{Routine, Routine, Tricky}[d%3],
			Question:       fmt.Sprintf("How many %s can I %s at once from %s on plan %s?", words[6], words[2], strings.Join(words[9:len(words)-2], " "), strings.Trim(words[len(words)-1], "().")),
			ApprovedAnswer: line, ReferenceDocIDs: []string{docID}, SupportingLine: line})
	}
	for i := range docs / 9 {
		qs = append(qs, Question{ID: fmt.Sprintf("Q%03d", len(qs)+1), Category: Refuse,
			Question:       fmt.Sprintf("Does Tallyhub support quantum teleportation of warehouse pallets number %d?", i),
			ApprovedAnswer: NotCoveredText})
	}
	c.finish()
	return c, qs
}

func (c *fakeCorpus) add(p Passage) {
	id := len(c.chunks)
	c.chunks = append(c.chunks, p)
	t := contentTerms(p.Title + " " + p.Text)
	c.terms = append(c.terms, t)
	for term := range termSet(t) {
		c.postings[term] = append(c.postings[term], id)
	}
}

func (c *fakeCorpus) finish() {
	n := float64(len(c.chunks))
	for t, ps := range c.postings {
		c.idf[t] = math.Log(1 + n/float64(len(ps)))
	}
}

func (c *fakeCorpus) Search(ctx context.Context, query string, k int) ([]Passage, error) {
	c.calls.Add(1)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	score := map[int]float64{}
	for _, t := range contentTerms(query) {
		for _, id := range c.postings[t] {
			score[id] += c.idf[t]
		}
	}
	ids := make([]int, 0, len(score))
	for id := range score {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool {
		if score[ids[i]] != score[ids[j]] {
			return score[ids[i]] > score[ids[j]]
		}
		return ids[i] < ids[j]
	})
	out := make([]Passage, 0, k)
	for _, id := range ids[:min(k, len(ids))] {
		out = append(out, c.chunks[id])
	}
	return out, nil
}

// hashEmbedder is a bag-of-words embedder: stemmed terms hashed into 256 dims.
type hashEmbedder struct{}

func (hashEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		v := make([]float32, 256)
		for _, term := range contentTerms(t) {
			h := fnv.New32a()
			h.Write([]byte(term))
			v[h.Sum32()%256]++
		}
		out[i] = v
	}
	return out, ctx.Err()
}

// containsVerifier treats each answer sentence as a claim, supported when
// some passage contains it verbatim.
type containsVerifier struct{}

func (containsVerifier) Verify(ctx context.Context, answer string, ps []Passage) ([]ClaimVerdict, error) {
	var out []ClaimVerdict
	for _, s := range sentences(answer) {
		v := ClaimVerdict{Claim: s, Verdict: VerdictNotCovered}
		for _, p := range ps {
			if strings.Contains(p.Text, s) {
				v.Verdict, v.ChunkIDs = VerdictSupported, []string{p.ChunkID}
				break
			}
		}
		out = append(out, v)
	}
	return out, ctx.Err()
}
