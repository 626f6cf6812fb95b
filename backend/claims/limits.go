package claims

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"continuity/backend/text"
)

// MaxClaims bounds the claims one check judges. Each claim costs a
// search and a judgement, and its verdict and evidence are kept in the
// history; the sample drafts hold 10 to 30, a long article a few hundred.
const MaxClaims = 2000

// ErrTooManyClaims means the draft holds more than MaxClaims claims; the
// error is a *TooManyClaimsError carrying the count.
var ErrTooManyClaims = errors.New("claims: too many claims in one draft")

// TooManyClaimsError refuses a draft with more than Max claims.
type TooManyClaimsError struct{ Count, Max int }

func (e *TooManyClaimsError) Error() string {
	return fmt.Sprintf("claims: the draft has %d claims; one check judges at most %d, so split it into smaller drafts", e.Count, e.Max)
}

func (e *TooManyClaimsError) Unwrap() error { return ErrTooManyClaims }

// boundedClaims decomposes draft for an engine: it stops when ctx is
// done and refuses a draft over MaxClaims before anything is searched.
func boundedClaims(ctx context.Context, draft string) ([]Claim, error) {
	cl, err := decompose(ctx, draft)
	if err != nil {
		return nil, err
	}
	if len(cl) > MaxClaims {
		return nil, &TooManyClaimsError{Count: len(cl), Max: MaxClaims}
	}
	return cl, nil
}

// FlagCutSentence marks a claim read from a piece of a sentence longer
// than MaxSentenceWords or MaxSentenceBytes (a price list with no full
// stop): the splitter cut that sentence into pieces, and the writer is
// told rather than shown claims that seem to begin mid-sentence.
const FlagCutSentence = "cut_sentence"

// FlagCutSentences adds FlagCutSentence to the results whose claim lies
// in such a sentence of draft, the text the engine checked.
func FlagCutSentences(draft string, results []Result) {
	var cut []Span
	for _, p := range SplitParagraphs(draft) {
		if p.Heading {
			continue
		}
		for _, s := range text.CutSentences(p.Text) {
			cut = append(cut, Span{Text: s.Text, Start: p.Start + s.Start, End: p.Start + s.End})
		}
	}
	if len(cut) == 0 {
		return
	}
	for i := range results {
		r := &results[i]
		for _, s := range cut {
			if r.Start < s.End && s.Start < r.End && !slices.Contains(r.Flags, FlagCutSentence) {
				r.Flags = append(r.Flags, FlagCutSentence)
				break
			}
		}
	}
}
