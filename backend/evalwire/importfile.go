package evalwire

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"continuity/backend/golden"
	"continuity/backend/session"
	"continuity/backend/xlsx"
)

// ErrWorkbook means a golden workbook has errors; nothing was imported.
var ErrWorkbook = errors.New("golden workbook has errors")

// ImportFile stores a golden workbook as the set named after the file, so
// a run records a golden-set version. Re-importing an unchanged workbook
// keeps the current version. A workbook with any error is refused with
// the located problems (sheet, row, column).
func ImportFile(ctx context.Context, s *session.Session, path string) (golden.Set, error) {
	name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	res, err := xlsx.ReadFile(ctx, path)
	if err != nil {
		return golden.Set{}, err
	}
	if len(res.Errors) > 0 {
		var b strings.Builder
		for i, p := range res.Errors {
			if i == 5 {
				fmt.Fprintf(&b, "\n  … and %d more", len(res.Errors)-5)
				break
			}
			fmt.Fprintf(&b, "\n  %s", locate(path, p))
		}
		return golden.Set{}, fmt.Errorf("%s: %w (%d):%s", path, ErrWorkbook, len(res.Errors), b.String())
	}
	if len(res.Rows) == 0 {
		return golden.Set{}, fmt.Errorf("%s: %w: no questions", path, ErrWorkbook)
	}
	repo, err := golden.NewRepo(ctx, s.DB)
	if err != nil {
		return golden.Set{}, err
	}
	if cur, err := repo.Rows(ctx, name); err == nil && sameRows(cur, res.Rows) {
		return repo.Set(ctx, name)
	} else if err != nil && !errors.Is(err, golden.ErrNotFound) {
		return golden.Set{}, err
	}
	return repo.Save(ctx, name, "", golden.CurrentUser(), fmt.Sprintf("imported %s for an evaluation (%d rows)", filepath.Base(path), len(res.Rows)), res.Rows)
}

func locate(path string, p xlsx.Problem) string {
	loc := filepath.Base(path)
	if p.Sheet != "" {
		loc += " sheet " + p.Sheet
	}
	if p.Row > 0 {
		loc += fmt.Sprintf(" row %d", p.Row)
	}
	if p.Column != "" {
		loc += " column " + p.Column
	}
	return loc + ": " + p.Message
}

func sameRows(a, b []golden.Row) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(ja) == string(jb)
}
