package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"

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
	Plain claims.ClaimFeatures `json:"plain"`
}

// readJSONL decodes each non-blank line of path into a T.
func readJSONL[T any](path string, fn func(T) error) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for line := 1; sc.Scan(); line++ {
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		var v T
		if err := json.Unmarshal(b, &v); err != nil {
			return fmt.Errorf("%s:%d: %w", path, line, err)
		}
		if err := fn(v); err != nil {
			return fmt.Errorf("%s:%d: %w", path, line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("read %s: %w", path, err)
	}
	return nil
}

// readQrels maps each query id of a BEIR qrels file to its documents, in
// file order, and lists the ids in file order. The files have CRLF line
// endings and a header.
func readQrels(path string) ([]string, map[string][]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("read qrels: %w", err)
	}
	var ids []string
	docs := map[string][]string{}
	for i, l := range strings.Split(strings.ReplaceAll(string(b), "\r", ""), "\n") {
		f := strings.Split(l, "\t")
		if i == 0 || len(f) != 3 {
			continue
		}
		if _, ok := docs[f[0]]; !ok {
			ids = append(ids, f[0])
		}
		docs[f[0]] = append(docs[f[0]], f[1])
	}
	return ids, docs, nil
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
