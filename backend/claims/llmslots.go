package claims

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"continuity/backend/llm"
)

// slotNotesPerClaim is how many differing fact slots the LLM is shown per
// claim: the rule engine's best few, as hints to verify, never verdicts.
const slotNotesPerClaim = 3

// slotNote is a fact slot a published unit states otherwise than a claim.
type slotNote struct {
	ChunkID, Unit, Differs string
}

// slotNotes runs the offline engine's alignment over the passages for
// each claim and keeps the units whose quantity or name slot differs from
// the claim's, or whose polarity opposes it: what a paraphrase hides from
// a reader skimming the passages ("$75 per month" against "$50 a month").
func slotNotes(ctx context.Context, claims []Claim, passages []Passage) ([][]slotNote, error) {
	e := NewOffline()
	out := make([][]slotNote, len(claims))
	for i, c := range claims {
		st, err := e.given(ctx, c, passages)
		if err != nil {
			return nil, err
		}
		as := e.assess(c, st.vec(0), st.units(0), st.view)
		for k := range as.cands {
			cd := &as.cands[k]
			if len(out[i]) == slotNotesPerClaim || cd.score < 0.3 {
				break
			}
			why := slotDifference(&as, cd)
			if why == "" && len(cd.cues) > 0 {
				why = cd.cues[0].why
			}
			if why != "" {
				out[i] = append(out[i], slotNote{ChunkID: cd.u.passage.ChunkID, Unit: cd.u.quote(), Differs: why})
			}
		}
	}
	return out, nil
}

func slotData(ns []slotNote) string {
	var b strings.Builder
	for i, n := range ns {
		id, _ := json.Marshal(llm.Sanitize(n.ChunkID))
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "chunk_id: %s\nsentence: %s\ndiffers: %s", id, strings.Join(strings.Fields(n.Unit), " "), n.Differs)
	}
	return b.String()
}
