package target

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Limits of a responses file.
const (
	MaxResponsesBytes = 64 << 20
	MaxResponseRows   = 100_000
	maxProblems       = 50
)

// Row is one recorded test case.
type Row struct {
	Row           int // line (JSONL) or spreadsheet row (CSV, xlsx)
	ID            string
	Question      string
	Answer        string
	Contexts      []string
	ContextIDs    []string
	HasContexts   bool // the row gives retrieved_contexts (possibly empty)
	HasContextIDs bool // the row gives retrieved_context_ids (possibly empty)
}

// Recorded is a parsed responses file.
type Recorded struct {
	File     string // base name
	SHA256   string // of the file's bytes
	Format   string // jsonl, csv or xlsx
	Rows     []Row
	Warnings []string // columns ignored and the like
}

// ReadResponses reads recorded test cases from JSONL, CSV or .xlsx (by
// extension). Every bad row is reported (*ResponsesError, with file, row
// and column); a file with any is not used.
func ReadResponses(ctx context.Context, path string) (*Recorded, error) {
	name := filepath.Base(path)
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("responses file: %w", err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("responses file %s: not a regular file", name)
	}
	if st.Size() > MaxResponsesBytes {
		return nil, fmt.Errorf("responses file %s is %d MB; the limit is %d MB", name, st.Size()>>20, MaxResponsesBytes>>20)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("responses file: %w", err)
	}
	sum := sha256.Sum256(data)
	rec := &Recorded{File: name, SHA256: hex.EncodeToString(sum[:])}
	var probs []Problem
	switch ext := strings.ToLower(filepath.Ext(name)); ext {
	case ".jsonl", ".ndjson":
		rec.Format = "jsonl"
		probs = parseJSONL(ctx, rec, data)
	case ".csv":
		rec.Format = "csv"
		probs = parseCSV(ctx, rec, data)
	case ".xlsx":
		rec.Format = "xlsx"
		probs, err = parseXLSX(ctx, rec, path)
	default:
		return nil, fmt.Errorf("responses file %s: unknown format %q (want .jsonl, .csv or .xlsx)", name, ext)
	}
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	probs = append(probs, rec.checkDuplicates()...)
	if len(probs) == 0 && len(rec.Rows) == 0 {
		probs = append(probs, Problem{File: name, Msg: "no responses in the file"})
	}
	if len(probs) > 0 {
		return nil, &ResponsesError{Problems: probs[:min(len(probs), maxProblems)]}
	}
	return rec, nil
}

// checkDuplicates refuses two rows for one id, or for one question text
// when they give no id.
func (r *Recorded) checkDuplicates() []Problem {
	var probs []Problem
	ids, texts := map[string]int{}, map[string]int{}
	for _, row := range r.Rows {
		if row.ID != "" {
			if first, dup := ids[row.ID]; dup {
				probs = append(probs, Problem{File: r.File, Row: row.Row, Column: "id", Msg: fmt.Sprintf("id %q is also on row %d", row.ID, first)})
			}
			ids[row.ID] = row.Row
			continue
		}
		if first, dup := texts[row.Question]; dup {
			probs = append(probs, Problem{File: r.File, Row: row.Row, Column: "question", Msg: fmt.Sprintf("the same question is also on row %d (give each row an id)", first)})
		}
		texts[row.Question] = row.Row
	}
	return probs
}

// Match pairs golden questions with rows: by id, else by the exact
// question text. Every golden question without a row and every row
// matching no question is a warning; questions without a row are left out
// of the map.
func (r *Recorded) Match(qs []Question) (map[string]Row, []string) {
	byID, byText := map[string]int{}, map[string]int{}
	for i, row := range r.Rows {
		if row.ID != "" {
			byID[row.ID] = i
		}
		if row.Question != "" {
			if _, dup := byText[row.Question]; !dup {
				byText[row.Question] = i
			}
		}
	}
	golden := make(map[string]bool, len(qs))
	for _, q := range qs {
		golden[q.ID] = true
	}
	used := make([]bool, len(r.Rows))
	out := map[string]Row{}
	var warnings, missing []string
	for _, q := range qs {
		i, ok := byID[q.ID]
		if !ok {
			i, ok = byText[strings.TrimSpace(q.Text)]
			ok = ok && !used[i] && (r.Rows[i].ID == "" || !golden[r.Rows[i].ID])
		}
		if !ok || used[i] {
			missing = append(missing, q.ID)
			continue
		}
		used[i] = true
		out[q.ID] = r.Rows[i]
	}
	if len(missing) > 0 {
		warnings = append(warnings, fmt.Sprintf("%s: %d golden question(s) have no recorded response and count as errors: %s",
			r.File, len(missing), list(missing)))
	}
	var extra []string
	for i, row := range r.Rows {
		if !used[i] {
			label := fmt.Sprintf("row %d", row.Row)
			if row.ID != "" {
				label += fmt.Sprintf(" (id %s)", row.ID)
			}
			extra = append(extra, label)
		}
	}
	if len(extra) > 0 {
		warnings = append(warnings, fmt.Sprintf("%s: %d response row(s) match no golden question by id or question text and were not scored: %s",
			r.File, len(extra), list(extra)))
	}
	return out, warnings
}

func list(items []string) string {
	const shown = 10
	if len(items) <= shown {
		return strings.Join(items, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(items[:shown], ", "), len(items)-shown)
}
