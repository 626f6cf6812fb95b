package main

import (
	"context"
	"fmt"
	"path/filepath"

	"continuity/backend/claims"
	"continuity/cmd/internal/benchdata"
	"hash/fnv"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// augment makes contradicted pairs from the supported (reworded) training
// pairs by changing one fact slot of the claim: a figure, a name, or the
// polarity, so the model learns "paraphrase plus a changed fact" and not
// only "near-verbatim plus a changed fact". Only training rows are used,
// and the generated rows are a set of their own ("aug-train"), never part
// of a dev, test or report split.
func augment(rows []pairRow) []pairRow {
	names := namePools(rows)
	var out []pairRow
	for _, r := range rows {
		// The evidence restated word for word supports itself: revision
		// pairs always differ, and a model that never saw identity reads
		// "nothing differs" as "one slot changed".
		if trainable(r) && r.Label != "not_covered" && hashShare("verbatim:"+r.ID) < verbatimShare {
			out = append(out, pairRow{ID: "verb-" + r.ID, Source: "aug", Split: "train", Label: "supported",
				Claim: r.Evidence, Evidence: r.Evidence, Kind: "verbatim", File: r.Source + ":" + r.File})
		}
		if r.Label != "supported" || !trainable(r) {
			continue
		}
		// Every mutation that applies, each a row of its own: the same
		// paraphrase with its figure, its name or its polarity changed.
		for i, try := range orderOf(r.ID) {
			claim, kind, ok := try(r, names[r.Source])
			if ok {
				out = append(out, pairRow{ID: fmt.Sprintf("aug%d-%s", i, r.ID), Source: "aug", Split: "train", Label: "contradicted",
					Claim: claim, Evidence: r.Evidence, Kind: kind, File: r.Source + ":" + r.File})
			}
		}
	}
	return out
}

// trainable: the row may be trained on (pairs train, the NLI dev sets
// whose train files are absent; never test or report).
func trainable(r pairRow) bool {
	return r.Split == "train" || (strings.HasPrefix(r.Source, "nli-") && r.Split == "dev")
}

// verbatimShare is the share of training rows whose evidence is also
// made a verbatim supported pair.
const verbatimShare = 0.3

type mutation func(r pairRow, names []string) (string, string, bool)

// orderOf tries the mutations in an order chosen by the row's hash, so
// each kind is used about as often where several apply.
func orderOf(id string) []mutation {
	all := []mutation{swapNumber, swapName, flipPolarity}
	h := fnv.New32a()
	h.Write([]byte(id))
	k := int(h.Sum32() % 3)
	return append(all[k:], all[:k]...)
}

var figure = regexp.MustCompile(`\b\d[\d,]*(\.\d+)?\b`)

// swapNumber changes a figure that both sides state to another value of
// the same kind (an integer stays an integer; a year stays a year).
func swapNumber(r pairRow, _ []string) (string, string, bool) {
	for _, loc := range figure.FindAllStringIndex(r.Claim, -1) {
		s := r.Claim[loc[0]:loc[1]]
		if !strings.Contains(r.Evidence, s) {
			continue
		}
		v, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
		if err != nil {
			continue
		}
		nv := otherValue(v, r.ID)
		ns := strconv.FormatFloat(nv, 'f', -1, 64)
		if strings.Contains(s, ",") && nv >= 1000 {
			ns = withCommas(int64(nv))
		}
		kind := "number"
		if v >= 1900 && v <= 2100 && v == float64(int(v)) {
			kind = "date"
		}
		return r.Claim[:loc[0]] + ns + r.Claim[loc[1]:], kind, true
	}
	return "", "", false
}

func otherValue(v float64, id string) float64 {
	h := fnv.New32a()
	h.Write([]byte(id))
	switch {
	case v >= 1900 && v <= 2100 && v == float64(int(v)):
		return v + float64(1+h.Sum32()%5)
	case v < 1:
		return v * 2
	case v == float64(int(v)):
		choices := []float64{v + 1, v * 2, v + 5, v * 3, max(v-1, 2)}
		c := choices[h.Sum32()%uint32(len(choices))]
		if c == v {
			c = v + 2
		}
		return c
	default:
		return v * 1.5
	}
}

func withCommas(n int64) string {
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

var capWord = regexp.MustCompile(`\b[A-Z][a-zA-Z]{2,}\b`)

// swapName replaces a name both sides state (not the sentence's first
// word) with another name of the same source the evidence never uses.
func swapName(r pairRow, names []string) (string, string, bool) {
	locs := capWord.FindAllStringIndex(r.Claim, -1)
	for _, loc := range locs {
		if loc[0] == 0 {
			continue
		}
		n := r.Claim[loc[0]:loc[1]]
		if !strings.Contains(r.Evidence, n) || len(names) < 2 {
			continue
		}
		h := fnv.New32a()
		h.Write([]byte(r.ID + n))
		start := int(h.Sum32() % uint32(len(names)))
		for k := range len(names) {
			o := names[(start+k)%len(names)]
			if o != n && !strings.Contains(r.Evidence, o) && !strings.Contains(r.Claim, o) {
				return r.Claim[:loc[0]] + o + r.Claim[loc[1]:], "entity", true
			}
		}
	}
	return "", "", false
}

var auxiliary = regexp.MustCompile(`\b(is|are|was|were|can|will|must|should|may|does|do|has|have)\b( not\b)?`)

// flipPolarity negates the first auxiliary, or drops its "not".
func flipPolarity(r pairRow, _ []string) (string, string, bool) {
	loc := auxiliary.FindStringSubmatchIndex(r.Claim)
	if loc == nil {
		return "", "", false
	}
	if loc[4] >= 0 { // "is not" -> "is"
		return r.Claim[:loc[4]] + r.Claim[loc[5]:], "negation", true
	}
	return r.Claim[:loc[3]] + " not" + r.Claim[loc[3]:], "negation", true
}

// namePools are each source's capitalised words used inside its training
// claims, sorted so the choice is reproducible.
func namePools(rows []pairRow) map[string][]string {
	seen := map[string]map[string]bool{}
	for _, r := range rows {
		if !trainable(r) {
			continue
		}
		if seen[r.Source] == nil {
			seen[r.Source] = map[string]bool{}
		}
		for _, loc := range capWord.FindAllStringIndex(r.Claim, -1) {
			if loc[0] > 0 {
				seen[r.Source][r.Claim[loc[0]:loc[1]]] = true
			}
		}
	}
	out := map[string][]string{}
	for s, m := range seen {
		for n := range m {
			out[s] = append(out[s], n)
		}
		slices.Sort(out[s])
	}
	return out
}

// augmentHandbook makes a contradicted claim from each supported
// handbook-dev claim (a real paraphrase of its page) by changing one fact
// slot it shares with its gold evidence, featurized against the handbook
// index as Check would. Each keeps its source claim's group, so the
// trainer's folds by document keep them with it: a fold is never scored
// by a model that saw a mutation of one of its claims.
func augmentHandbook(ctx context.Context, cfg config, en engines, s claims.Searcher, exs []example) ([]example, error) {
	byID := map[string]handbookClaim{}
	err := benchdata.ReadJSONL(filepath.Join(cfg.bench, "handbook-dev", "claims.jsonl"), func(c handbookClaim) error {
		byID[c.ID] = c
		return nil
	})
	if err != nil {
		return nil, err
	}
	var rows []pairRow
	for _, e := range exs {
		c := byID[e.ID]
		if e.Label == claims.Supported && c.Evidence != "" {
			rows = append(rows, pairRow{ID: e.ID, Source: "handbook", Split: "train", Label: "supported", Claim: c.Claim, Evidence: c.Evidence, File: e.Group})
		}
	}
	var out []example
	for _, r := range augment(rows) {
		f, err := en.full.SentenceFeatures(ctx, r.Claim, s)
		if err != nil {
			return nil, fmt.Errorf("claim %s: %w", r.ID, err)
		}
		pf, err := en.plain.SentenceFeatures(ctx, r.Claim, vectorless{s})
		if err != nil {
			return nil, fmt.Errorf("claim %s without vectors: %w", r.ID, err)
		}
		out = append(out, example{Set: "handbook-aug", ID: r.ID, Group: r.File, Label: claims.Contradicted, Kind: r.Kind, F: f, Plain: plainOf(pf)})
	}
	logf("handbook-dev: %d generated contradictions", len(out))
	return out, nil
}
