package eval

import (
	"context"
	"fmt"
	"sort"
	"strings"
)

// SentenceVectors gives the offline answerer and the offline answer
// relevancy sentence vectors: the stored vectors of the retrieved chunks'
// sentences and the encoder that made them, for the question and answer.
type SentenceVectors interface {
	// PassageSentences returns the stored sentences of each chunk, in order.
	PassageSentences(ctx context.Context, chunkIDs []string) (map[string][]VecSentence, error)
	// Embed embeds texts with the same encoder.
	Embed(ctx context.Context, texts []string) ([][]float32, error)
	// Model names the encoder by the hash of its files, e.g. use-lite-4c6db373cea2.
	Model() string
}

// VecSentence is one stored sentence with its vector.
type VecSentence struct {
	Text string
	Vec  []float32
}

// OfflineAnswerer answers extractively: the one to MaxSentences sentences
// of the retrieved passages that align best with the question (sentence
// vectors, question kind and shared words), verbatim and in passage order,
// or NotCoveredText when no sentence aligns.
type OfflineAnswerer struct {
	Floor        float64         // alignment floor; 0 means the default of the mode
	MaxSentences int             // 0 means 3
	Vectors      SentenceVectors // nil: lexical alignment only
}

// DefaultAnswerFloor is the lexical mode's floor: the share of the
// question's focus terms the best sentence must cover.
const DefaultAnswerFloor = 0.34

// DefaultVectorFloor is the vector mode's floor on a sentence's alignment
// (cosine to the question plus alignLexWeight × focus-term coverage).
// Calibrated on the sample golden set (offline_answer_e2e_test.go in
// backend/evalrun, docs/benchmarks.md).
const DefaultVectorFloor = 0.50

const (
	alignLexWeight = 0.25  // focus-term coverage in the alignment
	kindWeight     = 0.15  // a sentence with the kind of content asked for
	rankPenalty    = 0.005 // per retrieval rank: ties go to the closer passage
	extraMargin    = 0.12  // a further sentence scores within this of the best
)

// NewOfflineAnswerer returns a lexical answerer with the default floor.
func NewOfflineAnswerer() *OfflineAnswerer { return &OfflineAnswerer{} }

// NewVectorAnswerer returns an answerer aligning by sentence vectors.
func NewVectorAnswerer(v SentenceVectors) *OfflineAnswerer { return &OfflineAnswerer{Vectors: v} }

// offlineAnswerVersion names the extractive method, recorded like a prompt
// version: v3 aligns sentences by vectors, kind and words.
const offlineAnswerVersion = "extractive-v3"

// ModelName says what answers: the method and, with vectors, the encoder.
func (o *OfflineAnswerer) ModelName() string {
	if o.Vectors == nil {
		return "offline-extractive-lexical"
	}
	return "offline-extractive+" + o.Vectors.Model()
}

type candidate struct {
	text       string
	sim, lex   float64
	kind, head bool // has the kind of content asked for; its passage names the noun asked for
	timely     bool // speaks of the future when the question asks about it
	rank, pos  int
	score, aln float64
}

// Answer implements answerer.
func (o *OfflineAnswerer) Answer(ctx context.Context, question string, ps []Passage) (Answer, error) {
	if err := ctx.Err(); err != nil {
		return Answer{}, err
	}
	cands, err := o.candidates(ctx, question, ps)
	if err != nil {
		return Answer{}, err
	}
	refuse := Answer{Text: NotCoveredText, Refused: true, Model: o.ModelName(), PromptVersion: offlineAnswerVersion}
	if actionRequest(question) {
		return refuse, nil
	}
	picked := o.selectSentences(answerKindOf(question), cands)
	if len(picked) == 0 {
		return refuse, nil
	}
	parts := make([]string, len(picked))
	for i, c := range picked {
		parts[i] = c.text
	}
	return Answer{Text: strings.Join(parts, " "), Model: refuse.Model, PromptVersion: offlineAnswerVersion}, nil
}

// candidates are the passages' sentences with their alignment features.
func (o *OfflineAnswerer) candidates(ctx context.Context, question string, ps []Passage) ([]candidate, error) {
	k := answerKindOf(question)
	focus := focusTerms(question, k)
	head := whHead(question)
	future, price := futureScoped(question), priceQuestion(question) && k == kindAmount
	var qv []float32
	var byChunk map[string][]VecSentence
	if o.Vectors != nil && len(ps) > 0 {
		vs, err := o.Vectors.Embed(ctx, []string{question})
		if err != nil {
			return nil, fmt.Errorf("embed the question: %w", err)
		}
		if len(vs) == 1 {
			qv = vs[0]
		}
		ids := make([]string, len(ps))
		for i, p := range ps {
			ids[i] = p.ChunkID
		}
		if byChunk, err = o.Vectors.PassageSentences(ctx, ids); err != nil {
			return nil, fmt.Errorf("read sentence vectors: %w", err)
		}
	}
	var out []candidate
	seen := map[string]bool{}
	for rank, p := range ps {
		stored := byChunk[p.ChunkID]
		named := head == "" || termHit(head, termSet(contentTerms(p.Title+"\n"+p.Text)))
		texts := sentences(p.Text)
		if len(stored) > 0 {
			texts = texts[:0]
			for _, s := range stored {
				texts = append(texts, s.Text)
			}
		}
		for i, s := range texts {
			s = strings.TrimSpace(s)
			if headingLike(s) || seen[s] || strings.Contains(s, "?") {
				continue // a title restates the topic, a question asks rather than answers, a repeat adds nothing
			}
			seen[s] = true
			c := candidate{text: s, rank: rank, pos: len(out), kind: hasKind(k, s) && (!price || statesPrice(s)), head: named,
				timely: !future || speaksOfFuture(s)}
			c.lex = focusCoverage(focus, s)
			if len(stored) > 0 && qv != nil {
				if sim, ok := cosine(qv, stored[i].Vec); ok {
					c.sim = sim
				}
			}
			out = append(out, c)
		}
	}
	return out, nil
}

// focusCoverage is the share of focus terms s contains (1 with none).
func focusCoverage(focus []string, s string) float64 {
	if len(focus) == 0 {
		return 0
	}
	have := termSet(contentTerms(s))
	hit := 0
	for _, t := range focus {
		if termHit(t, have) {
			hit++
		}
	}
	return float64(hit) / float64(len(focus))
}

// specificKind is a question asking for a number, a time or a name, which
// a sentence without one does not answer.
func specificKind(k answerKind) bool { return k != kindOpen && k != kindYesNo }

// selectSentences scores the candidates and picks the best aligned ones in
// passage order; none when nothing reaches the floor, when a question
// asking for a number, a time or a name finds no aligned sentence with one,
// or when a question about the future finds none that speaks of it.
func (o *OfflineAnswerer) selectSentences(k answerKind, cands []candidate) []candidate {
	floor, n := o.Floor, o.MaxSentences
	vectors := o.Vectors != nil
	if floor <= 0 {
		floor = DefaultAnswerFloor
		if vectors {
			floor = DefaultVectorFloor
		}
	}
	if n <= 0 {
		n = 3
	}
	var aligned []candidate
	for _, c := range cands {
		c.aln = c.lex
		if vectors {
			c.aln = c.sim + alignLexWeight*c.lex
		}
		if c.aln < floor || (specificKind(k) && !c.kind) || !c.head || !c.timely {
			continue
		}
		c.score = c.aln - rankPenalty*float64(c.rank)
		if c.kind && specificKind(k) {
			c.score += kindWeight
		}
		aligned = append(aligned, c)
	}
	if len(aligned) == 0 {
		return nil
	}
	sort.SliceStable(aligned, func(i, j int) bool { return aligned[i].score > aligned[j].score })
	picked := aligned[:1]
	for _, c := range aligned[1:] {
		if len(picked) == n || c.score < aligned[0].score-extraMargin {
			break
		}
		picked = append(picked, c)
	}
	picked = append([]candidate(nil), picked...)
	sort.Slice(picked, func(i, j int) bool { return picked[i].pos < picked[j].pos })
	return picked
}

// headingLike is a short line with no sentence end: a title or a heading.
func headingLike(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return true
	}
	if strings.ContainsAny(s[len(s)-1:], ".!?:") {
		return false
	}
	return len(strings.Fields(s)) <= 8
}
