package claims_test

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/claims"
)

const vitamincDir = "../../../shared/benchmarks/vitaminc"

// TestVitaminC scores the offline engine with each example's evidence as
// the single passage. VITAMINC_SPLIT=train scores the calibration split.
func TestVitaminC(t *testing.T) {
	files := []string{"test.jsonl"}
	if os.Getenv("VITAMINC_SPLIT") == "train" {
		files = []string{"train_0.jsonl", "train_1.jsonl", "train_2.jsonl", "train_3.jsonl", "train_4.jsonl"}
	}
	m := confusion{}
	for _, name := range files {
		f, err := os.Open(filepath.Join(vitamincDir, name))
		if err != nil {
			t.Skipf("VitaminC sample not available: %v", err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		line := 0
		for sc.Scan() {
			line++
			var ex struct{ Claim, Evidence, Label, ID string }
			if err := json.Unmarshal(sc.Bytes(), &ex); err != nil {
				t.Fatalf("%s:%d: %v", name, line, err)
			}
			want := map[string]claims.Verdict{"supports": claims.Supported, "refutes": claims.Contradicted, "not enough info": claims.NotCovered}[ex.Label]
			if want == "" {
				t.Fatalf("%s:%d: unknown label %q", name, line, ex.Label)
			}
			r := claims.NewOffline().Verify(claims.Claim{Text: strings.TrimSpace(ex.Claim)}, []claims.Passage{{DocID: ex.ID, ChunkID: ex.ID, Text: ex.Evidence}})
			m[[2]claims.Verdict{want, r.Verdict}]++
		}
		f.Close()
	}
	t.Logf("VitaminC %v, offline engine:\n%s", files, m.table())
}
