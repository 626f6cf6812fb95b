package check

import (
	"context"
	"errors"
	"testing"

	"continuity/backend/claims"
	"continuity/backend/retrieval"
)

// vectorIndex is topicIndex with stored sentence vectors.
type vectorIndex struct {
	topicIndex
	sents map[string][]retrieval.Sentence
	err   error
}

func (ix vectorIndex) Sentences(_ context.Context, ids []string) (map[string][]retrieval.Sentence, error) {
	out := map[string][]retrieval.Sentence{}
	for _, id := range ids {
		if ss, ok := ix.sents[id]; ok {
			out[id] = ss
		}
	}
	return out, ix.err
}

func (ix vectorIndex) EmbedSentences(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i := range texts {
		out[i] = []float32{1, 0}
	}
	return out, ix.err
}

// probeEngine records what the searcher it is given offers.
type probeEngine struct {
	source bool
	sents  map[string][]claims.Sentence
	vecs   [][]float32
	err    error
}

func (p *probeEngine) Check(ctx context.Context, _ string, search claims.Searcher) (claims.Report, error) {
	src, ok := search.(claims.SentenceSource)
	p.source = ok
	if ok {
		if p.sents, p.err = src.Sentences(ctx, []string{"pricing#0", "missing#9"}); p.err != nil {
			return claims.Report{}, p.err
		}
		if p.vecs, p.err = src.EmbedSentences(ctx, []string{"The Team plan costs $29."}); p.err != nil {
			return claims.Report{}, p.err
		}
	}
	return claims.Report{Engine: "probe", Results: []claims.Result{}}, nil
}

func TestTheEngineGetsStoredSentencesWhenTheIndexHasThem(t *testing.T) {
	t.Parallel()
	stored := map[string][]retrieval.Sentence{"pricing#0": {
		{Start: 0, End: 24, Text: "The Team plan costs $29.", Vec: []float32{0.6, 0.8}},
		{Start: 25, End: 47, Text: "It includes 20 GB of storage.", Vec: []float32{1, 0}},
	}}
	failure := errors.New("disk gone")
	cases := []struct {
		name       string
		ix         HybridSearcher
		wantSource bool
		wantErr    error
	}{
		{"index with sentence vectors", vectorIndex{sents: stored}, true, nil},
		{"index without them", topicIndex{}, false, nil},
		{"sentence read fails", vectorIndex{sents: stored, err: failure}, true, failure},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p := &probeEngine{}
			_, err := CheckDraft(context.Background(), p, c.ix, "The Team plan costs $29.", 1)
			if !errors.Is(err, c.wantErr) {
				t.Fatalf("err %v, want %v", err, c.wantErr)
			}
			if p.source != c.wantSource {
				t.Fatalf("searcher is a SentenceSource: %v, want %v", p.source, c.wantSource)
			}
			if !c.wantSource || c.wantErr != nil {
				return
			}
			got := p.sents["pricing#0"]
			if len(got) != 2 || got[1].Text != "It includes 20 GB of storage." || got[1].Start != 25 || got[1].End != 47 || got[0].Vec[1] != 0.8 {
				t.Fatalf("sentences %+v", p.sents)
			}
			if _, ok := p.sents["missing#9"]; ok || len(p.vecs) != 1 || len(p.vecs[0]) != 2 {
				t.Fatalf("sentences %+v vectors %v", p.sents, p.vecs)
			}
		})
	}
}
