package target

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"continuity/backend/xlsx"
)

// A table's cells: the first non-blank row is the header.
type tableRow struct {
	num   int
	cells []string
}

func parseCSV(ctx context.Context, rec *Recorded, data []byte) []Problem {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(data) {
		return []Problem{{File: rec.File, Msg: "not UTF-8 text; save the CSV as UTF-8"}}
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	r.ReuseRecord = false
	var rows []tableRow
	for {
		cells, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			line := 0
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				line = pe.StartLine
			}
			return []Problem{{File: rec.File, Row: line, Msg: "not valid CSV: " + strings.TrimPrefix(err.Error(), "record on line ")}}
		}
		line, _ := r.FieldPos(0)
		if len(rows)%1024 == 0 && ctx.Err() != nil {
			return nil
		}
		if len(rows) > MaxResponseRows {
			return []Problem{{File: rec.File, Row: line, Msg: fmt.Sprintf("more than %d responses; split the file", MaxResponseRows)}}
		}
		if blank(cells) {
			continue
		}
		rows = append(rows, tableRow{num: line, cells: cells})
	}
	return parseTable(rec, rows)
}

func parseXLSX(ctx context.Context, rec *Recorded, path string) ([]Problem, error) {
	t, err := xlsx.ReadTable(ctx, path)
	if errors.Is(err, xlsx.ErrTable) {
		return []Problem{{File: rec.File, Msg: strings.TrimPrefix(err.Error(), rec.File+": ")}}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("responses file: %w", err)
	}
	rows := make([]tableRow, len(t.Rows))
	for i := range t.Rows {
		rows[i] = tableRow{num: t.RowNums[i], cells: t.Rows[i]}
	}
	return parseTable(rec, rows), nil
}

func blank(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// normColumn folds a header to a field name: "Retrieved contexts" and
// "retrieved-contexts" are retrieved_contexts.
func normColumn(h string) string {
	h = strings.ToLower(strings.TrimSpace(h))
	return strings.NewReplacer(" ", "_", "-", "_").Replace(h)
}

// parseTable reads the header, then each row by column name. Columns it
// does not know are ignored with a warning.
func parseTable(rec *Recorded, rows []tableRow) []Problem {
	if len(rows) == 0 {
		return nil
	}
	head := rows[0]
	col := map[string]int{}
	var ignored []string
	for i, h := range head.cells {
		f, ok := fieldAliases[normColumn(h)]
		switch {
		case strings.TrimSpace(h) == "":
			continue
		case !ok:
			ignored = append(ignored, h)
			continue
		}
		if j, dup := col[f]; dup {
			return []Problem{{File: rec.File, Row: head.num, Column: h, Msg: fmt.Sprintf("column %q gives the %s, as column %q does", h, f, head.cells[j])}}
		}
		col[f] = i
	}
	if len(ignored) > 0 {
		rec.Warnings = append(rec.Warnings, fmt.Sprintf("%s: columns not used: %s", rec.File, strings.Join(ignored, ", ")))
	}
	_, hasID := col["id"]
	_, hasQ := col["question"]
	_, hasResp := col["response"]
	if !hasResp || (!hasID && !hasQ) {
		return []Problem{{File: rec.File, Row: head.num, Msg: fmt.Sprintf(
			"the header needs a response column and an id or question column (found: %s)", strings.Join(head.cells, ", "))}}
	}
	var probs []Problem
	for _, tr := range rows[1:] {
		if len(probs) >= maxProblems {
			break
		}
		cell := func(f string) (string, bool) {
			i, ok := col[f]
			if !ok {
				return "", false
			}
			if i >= len(tr.cells) {
				return "", true
			}
			return tr.cells[i], true
		}
		row := Row{Row: tr.num}
		id, _ := cell("id")
		q, _ := cell("question")
		row.ID, row.Question = strings.TrimSpace(id), strings.TrimSpace(q)
		row.Answer, _ = cell("response")
		bad := false
		for _, f := range []string{"retrieved_contexts", "retrieved_context_ids"} {
			v, ok := cell(f)
			if !ok {
				continue
			}
			items, err := splitList(v)
			if err != nil {
				probs = append(probs, Problem{File: rec.File, Row: tr.num, Column: head.cells[col[f]], Msg: err.Error()})
				bad = true
				continue
			}
			if f == "retrieved_contexts" {
				row.Contexts, row.HasContexts = items, true
			} else {
				row.ContextIDs, row.HasContextIDs = items, true
			}
		}
		if bad {
			continue
		}
		if msg := row.incomplete(true); msg != "" {
			probs = append(probs, Problem{File: rec.File, Row: tr.num, Msg: msg})
			continue
		}
		rec.Rows = append(rec.Rows, row)
	}
	return probs
}

// splitList reads a list cell: a JSON array of texts, else items
// separated by "|". An empty cell is an empty list.
func splitList(v string) ([]string, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return []string{}, nil
	}
	if strings.HasPrefix(v, "[") {
		var items []json.RawMessage
		if err := json.Unmarshal([]byte(v), &items); err != nil {
			return nil, fmt.Errorf("starts with [ but is not a JSON list (%w); write a JSON list of texts or separate items with |", err)
		}
		out := make([]string, 0, len(items))
		for i, it := range items {
			s, err := scalarText(it)
			if err != nil {
				return nil, fmt.Errorf("item %d: %w", i+1, err)
			}
			out = append(out, s)
		}
		return out, nil
	}
	var out []string
	for _, part := range strings.Split(v, "|") {
		if s := strings.TrimSpace(part); s != "" {
			out = append(out, s)
		}
	}
	return out, nil
}
