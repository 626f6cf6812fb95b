package claims

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"continuity/backend/llm"
)

// completer is the part of backend/llm the LLM engine uses.
type completer interface {
	CompleteJSON(ctx context.Context, req llm.Request, out any) (llm.Response, error)
}

// Prompt names and versions, recorded in every report.
const (
	PromptDecompose        = "claims.decompose"
	PromptVerify           = "claims.verify"
	PromptDecomposeVersion = "v1"
	PromptVerifyVersion    = "v4" // v3: aligned published sentences before the passages; v4: fact slots stated otherwise
	EngineLLM              = "llm"
)

// FlagUnlocatedClaim marks a model claim whose source sentence was not
// found in the draft: its Text is then the whole paragraph (the writer's
// words it came from) and Resolved the model's claim.
const FlagUnlocatedClaim = "unlocated_claim"

// ErrMalformedReply means the model's reply broke the schema; it is an
// error, never a verdict.
var ErrMalformedReply = errors.New("claims: malformed model reply")

// LLMEngine decomposes and verifies with two model calls per paragraph.
type LLMEngine struct {
	client      completer
	TopK        int
	Concurrency int // paragraphs in flight
}

// NewLLM returns an LLM engine over client (a *llm.Client in production).
func NewLLM(client completer) *LLMEngine {
	return &LLMEngine{client: client, TopK: DefaultTopK, Concurrency: 4}
}

// Check implements Engine.
func (e *LLMEngine) Check(ctx context.Context, draft string, search Searcher) (Report, error) {
	if strings.TrimSpace(draft) == "" {
		return Report{}, ErrEmptyDraft
	}
	paragraphs := SplitParagraphs(draft)
	// offline decomposition only decides which paragraphs need retrieval;
	// its claim cap refuses a draft too big to search claim by claim
	cl, err := boundedClaims(ctx, draft)
	if err != nil {
		return Report{}, err
	}
	r, err := retrieve(ctx, paragraphs, cl, search, max(e.TopK, 1))
	if err != nil {
		return Report{}, err
	}
	al, err := newAligner(ctx, search, r.passages)
	if err != nil {
		return Report{}, err
	}
	type out struct {
		results []Result
		model   string
	}
	outs := make([]out, len(paragraphs))
	sem := make(chan struct{}, max(e.Concurrency, 1))
	var wg sync.WaitGroup
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// The first failure is the cause; it cancels the siblings, whose
	// "context canceled" must not be what the user reads.
	var (
		failMu  sync.Mutex
		failErr error
		failAt  int
	)
	fail := func(i int, err error) {
		failMu.Lock()
		defer failMu.Unlock()
		if failErr == nil {
			failErr, failAt = err, i
			cancel()
		}
	}
	for _, p := range paragraphs {
		if p.Heading || len(r.claims[p.Index]) == 0 {
			continue
		}
		wg.Add(1)
		go func(p Paragraph) {
			defer wg.Done()
			select {
			case sem <- struct{}{}:
			case <-ctx.Done():
				fail(p.Index, ctx.Err())
				return
			}
			defer func() { <-sem }()
			res, model, err := e.paragraph(ctx, p, r.passages[p.Index], al)
			if err != nil {
				fail(p.Index, err)
				return
			}
			outs[p.Index] = out{res, model}
		}(p)
	}
	wg.Wait()
	if failErr != nil {
		return Report{}, fmt.Errorf("claims: paragraph %d: %w", failAt, failErr)
	}
	rep := Report{Engine: EngineLLM, Results: []Result{}, Retrieved: r.passages, PromptVersions: map[string]string{
		PromptDecompose: PromptDecomposeVersion, PromptVerify: PromptVerifyVersion}}
	for _, o := range outs {
		if o.model != "" {
			rep.Model = o.model
		}
		rep.Results = append(rep.Results, o.results...)
	}
	rep.Summary = summarize(rep.Results)
	return rep, nil
}

type decomposeReply struct {
	Claims []struct {
		Text   string `json:"text"`
		Source string `json:"source"` // the draft sentence it came from, verbatim
	} `json:"claims"`
}

type verifyReply struct {
	Verdicts []struct {
		Claim       int    `json:"claim"`
		Verdict     string `json:"verdict"`
		Explanation string `json:"explanation"`
		Evidence    []struct {
			ChunkID string `json:"chunk_id"`
			Quote   string `json:"quote"`
		} `json:"evidence"`
	} `json:"verdicts"`
}

func (e *LLMEngine) paragraph(ctx context.Context, p Paragraph, passages []Passage, al *aligner) ([]Result, string, error) {
	var dec decomposeReply
	resp, err := e.client.CompleteJSON(ctx, decomposeRequest(p.Text), &dec)
	if err != nil {
		return nil, "", fmt.Errorf("decompose: %w", err)
	}
	var claims []Claim
	var unlocated []bool
	for i, c := range dec.Claims {
		if strings.TrimSpace(c.Text) == "" {
			return nil, "", fmt.Errorf("%w: decompose claim %d has no text", ErrMalformedReply, i)
		}
		cl, ok := locateClaim(p, c.Text, c.Source)
		claims = append(claims, cl)
		unlocated = append(unlocated, !ok)
	}
	if len(claims) == 0 {
		return nil, resp.Model, nil
	}
	aligned, err := al.align(ctx, claims, passages)
	if err != nil {
		return nil, "", err
	}
	notes, err := slotNotes(ctx, claims, passages)
	if err != nil {
		return nil, "", err
	}
	var ver verifyReply
	resp2, err := e.client.CompleteJSON(ctx, verifyRequest(claims, aligned, notes, passages), &ver)
	if err != nil {
		return nil, "", fmt.Errorf("verify: %w", err)
	}
	results, err := acceptVerdicts(claims, passages, ver)
	if err != nil {
		return nil, "", err
	}
	for i := range results {
		if unlocated[i] {
			results[i].Flags = append(results[i].Flags, FlagUnlocatedClaim)
		}
	}
	return results, resp2.Model, nil
}

// locateClaim keeps the writer's words: Text is the draft span the model
// names as the claim's source (or its claim, if that is verbatim), found
// exactly or after whitespace and quote-mark normalisation; the model's
// self-contained wording goes to Resolved. A source not in the paragraph
// leaves the whole paragraph as the span, and ok false.
func locateClaim(p Paragraph, claim, source string) (Claim, bool) {
	claim = strings.TrimSpace(claim)
	for _, cand := range []string{strings.TrimSpace(source), claim} {
		if cand == "" {
			continue
		}
		q, ok := cand, strings.Contains(p.Text, cand)
		if !ok {
			q, ok = findQuote(p.Text, cand)
		}
		if !ok {
			continue
		}
		j := strings.Index(p.Text, q)
		c := Claim{Paragraph: p.Index, Text: q, Start: p.Start + j, End: p.Start + j + len(q)}
		if claim != q {
			c.Resolved = claim
		}
		return c, true
	}
	return Claim{Paragraph: p.Index, Text: p.Text, Start: p.Start, End: p.Start + len(p.Text), Resolved: claim}, false
}

// acceptVerdicts turns the verify reply into results: every claim needs
// exactly one valid verdict; evidence must cite a chunk that was sent and
// quote it verbatim (after whitespace and quote-mark normalisation),
// otherwise the verdict becomes not_covered, flagged.
func acceptVerdicts(claims []Claim, passages []Passage, ver verifyReply) ([]Result, error) {
	sent := map[string]Passage{}
	for _, p := range passages {
		sent[p.ChunkID] = p
	}
	results := make([]Result, len(claims))
	got := make([]bool, len(claims))
	for _, v := range ver.Verdicts {
		if v.Claim < 0 || v.Claim >= len(claims) || got[v.Claim] {
			return nil, fmt.Errorf("%w: verdict for claim %d (have %d claims)", ErrMalformedReply, v.Claim, len(claims))
		}
		verdict := Verdict(v.Verdict)
		if !verdict.Valid() {
			return nil, fmt.Errorf("%w: verdict %q", ErrMalformedReply, v.Verdict)
		}
		got[v.Claim] = true
		r := Result{Claim: claims[v.Claim], Verdict: verdict, Explanation: v.Explanation, Evidence: []Evidence{}, Flags: []string{}}
		ok := true
		for _, ev := range v.Evidence {
			p, found := sent[ev.ChunkID]
			quote, in := findQuote(p.Text, ev.Quote)
			if !found || !in {
				ok = false
				continue
			}
			r.Evidence = append(r.Evidence, Evidence{DocID: p.DocID, ChunkID: p.ChunkID, Title: p.Title, Quote: quote})
		}
		if verdict != NotCovered && (!ok || len(r.Evidence) == 0) {
			r.Verdict = NotCovered
			r.Flags = append(r.Flags, FlagUnverifiedEvidence)
			r.Explanation = "The model's evidence was not found in the passages sent: " + v.Explanation
			r.Evidence = []Evidence{}
		}
		results[v.Claim] = r
	}
	for i, g := range got {
		if !g {
			return nil, fmt.Errorf("%w: no verdict for claim %d", ErrMalformedReply, i)
		}
	}
	return results, nil
}
