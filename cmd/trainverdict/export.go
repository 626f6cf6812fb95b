package main

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"

	"continuity/backend/claims"
	"continuity/backend/claims/verifier"
	"continuity/backend/embed/glove"
)

// exportRow is one example as scripts/train_verifier.py reads it: the
// claim's verifier candidates with both sides as word ids and flags.
type exportRow struct {
	Set   string       `json:"set"`
	ID    string       `json:"id"`
	Group string       `json:"group"`
	Label int          `json:"label"` // index in verifier.Classes
	Kind  string       `json:"kind,omitempty"`
	Cands []exportCand `json:"cands"`
}

type exportCand struct {
	C  []int     `json:"c"`
	CF []uint16  `json:"cf"`
	U  []int     `json:"u"`
	UF []uint16  `json:"uf"`
	P  []float32 `json:"p"`
	S  bool      `json:"s"`
}

// exportMeta describes the word table and the features.
type exportMeta struct {
	Emb       int      `json:"emb"`
	NumFlags  int      `json:"num_flags"`
	PairNames []string `json:"pair_names"`
	WordTable string   `json:"word_table"`
	Words     int      `json:"words"`
}

// vocab gives ids to input keys: 0 pads, 1 is unknown, 2 a figure.
type vocab struct {
	g     *glove.Model
	ids   map[string]int
	words []string
}

func (v *vocab) id(t verifier.Token) int {
	switch k := verifier.InputKey(t, gloveWords{v.g}); k {
	case verifier.KeyUnknown:
		return 1
	case verifier.KeyNumber:
		return 2
	default:
		id, ok := v.ids[k]
		if !ok {
			id = len(v.words) + 3
			v.ids[k] = id
			v.words = append(v.words, k)
		}
		return id
	}
}

type gloveWords struct{ g *glove.Model }

func (w gloveWords) Vector(s string) ([]float32, bool) { return w.g.Vector(s) }
func (w gloveWords) has(s string) bool                 { _, ok := w.g.Rank(s); return ok }

// exportVerifierData writes examples.jsonl, vocab.json, emb.f32 and
// meta.json into dir.
func exportVerifierData(dir string, g *glove.Model, sets map[string][]example) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(dir, "examples.jsonl"))
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	v := &vocab{g: g, ids: map[string]int{}}
	enc := json.NewEncoder(w)
	for _, name := range sortedKeys(sets) {
		for _, e := range sets[name] {
			row, err := exportExample(v, e)
			if err != nil {
				return err
			}
			if err := enc.Encode(row); err != nil {
				return err
			}
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := writeJSON(filepath.Join(dir, "vocab.json"), v.words); err != nil {
		return err
	}
	emb := make([]byte, 0, len(v.words)*g.Dims()*4)
	for _, word := range v.words {
		vec, _ := g.Vector(word)
		for _, x := range vec {
			emb = binary.LittleEndian.AppendUint32(emb, math.Float32bits(x))
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "emb.f32"), emb, 0o644); err != nil {
		return err
	}
	return writeJSON(filepath.Join(dir, "meta.json"), exportMeta{Emb: g.Dims(), NumFlags: verifier.NumFlags,
		PairNames: claims.PairFeatureNames(), WordTable: g.Hash(), Words: len(v.words)})
}

func exportExample(v *vocab, e example) (exportRow, error) {
	label, err := classIndex(e.Label)
	if err != nil {
		return exportRow{}, fmt.Errorf("%s %s: %w", e.Set, e.ID, err)
	}
	r := exportRow{Set: e.Set, ID: e.ID, Group: e.Group, Label: label, Kind: e.Kind, Cands: []exportCand{}}
	claim := verifier.Tokenize(e.F.Text)
	gw := gloveWords{v.g}
	for _, pc := range e.F.Pairs {
		p := verifier.NewPair(claim, verifier.Tokenize(pc.Unit), pc.Features, gw.has)
		c := exportCand{CF: p.Claim.Flags, UF: p.Unit.Flags, P: pc.Features, S: pc.CanSupport}
		for _, t := range p.Claim.Tokens {
			c.C = append(c.C, v.id(t))
		}
		for _, t := range p.Unit.Tokens {
			c.U = append(c.U, v.id(t))
		}
		r.Cands = append(r.Cands, c)
	}
	return r, nil
}

func classIndex(v claims.Verdict) (int, error) {
	for i, c := range verifier.Classes {
		if c == string(v) {
			return i, nil
		}
	}
	return 0, fmt.Errorf("unknown verdict %q", v)
}

func writeJSON(path string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}
