package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"continuity/backend/claims"
)

// example is one labelled claim with its features computed twice: with
// sentence vectors (the product's path) and without (a searcher with no
// stored vectors), so the model learns both.
type example struct {
	Set   string               `json:"set"`
	ID    string               `json:"id"`
	Group string               `json:"group"` // cross-validation folds never split a group
	Label claims.Verdict       `json:"label"`
	Kind  string               `json:"kind,omitempty"`
	F     claims.ClaimFeatures `json:"f"`
	// Plain is the same claim featurized without sentence vectors (the
	// degraded path: no USE-lite), which the verdict model learns too.
	Plain *plainFeatures `json:"plain,omitempty"`
}

// plainFeatures is what the verdict model reads of a claim featurized
// without sentence vectors.
type plainFeatures struct {
	X           []float64 `json:"x"`
	Conflict    bool      `json:"conflict"`
	Supportable bool      `json:"supportable"`
}

func plainOf(f claims.ClaimFeatures) *plainFeatures {
	return &plainFeatures{X: f.X, Conflict: f.Conflict, Supportable: f.Supportable}
}

// vectorless hides a searcher's stored sentence vectors
// (claims.SentenceSource), as an index without them would.
type vectorless struct{ s claims.Searcher }

func (v vectorless) Search(ctx context.Context, q string, k int) ([]claims.Passage, error) {
	return v.s.Search(ctx, q, k)
}

type handbookClaim struct {
	ID, Claim, Label, Doc, Evidence, Kind string
}

var handbookLabels = map[string]claims.Verdict{"SUPPORTED": claims.Supported, "CONTRADICTED": claims.Contradicted, "NOT_COVERED": claims.NotCovered}

type beirQuery struct {
	ID       string          `json:"_id"`
	Text     string          `json:"text"`
	Metadata json.RawMessage `json:"metadata"`
}

// scifactLabel is a SciFact claim's label: its first evidence document's
// first rationale label (as cmd/verdictreport scores it), or not covered
// when it has no evidence. The metadata is decoded in order because a Go
// map would lose which document comes first.
func scifactLabel(raw json.RawMessage) (claims.Verdict, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		return claims.NotCovered, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return "", fmt.Errorf("metadata is not an object: %v %w", tok, err)
	}
	for dec.More() {
		if _, err := dec.Token(); err != nil {
			return "", fmt.Errorf("metadata key: %w", err)
		}
		var sets []struct{ Label string }
		if err := dec.Decode(&sets); err != nil {
			return "", fmt.Errorf("metadata: %w", err)
		}
		if len(sets) == 0 {
			continue
		}
		switch sets[0].Label {
		case "SUPPORT":
			return claims.Supported, nil
		case "CONTRADICT":
			return claims.Contradicted, nil
		}
		return "", fmt.Errorf("unknown label %q", sets[0].Label)
	}
	return claims.NotCovered, nil
}

type vitamincExample struct {
	Claim, Evidence, Label, ID string
}

var vitamincLabels = map[string]claims.Verdict{"supports": claims.Supported, "refutes": claims.Contradicted, "not enough info": claims.NotCovered}

type sampleKey struct {
	Draft  string `json:"draft"`
	Claims []struct {
		Paragraph int    `json:"paragraph"`
		Text      string `json:"text"`
		Verdict   string `json:"verdict"`
	} `json:"claims"`
}
