package xlsx

import (
	"strings"
	"testing"
)

// Cells pasted from a file that began with a byte-order mark keep it; the
// header is still recognized and the values come without it.
func TestByteOrderMarkInCellsIsDropped(t *testing.T) {
	t.Parallel()
	data := workbook(t, "Golden set", [][]string{
		{"\ufeffID", "Question", "Category", "Approved answer", "Supporting line", "Reference doc IDs"},
		{"\ufeffQ001", "\ufeffHow long is the free trial?", "routine", "14 days.", "Every trial lasts 14 days.", "help-free-trial"},
	})
	res := readBytes(t, data)
	if len(res.Errors) > 0 {
		t.Fatalf("errors: %+v", res.Errors)
	}
	if len(res.Rows) != 1 {
		t.Fatalf("rows: %+v", res.Rows)
	}
	r := res.Rows[0]
	if r.ID != "Q001" || strings.ContainsRune(r.Question, '\ufeff') {
		t.Errorf("row kept the mark: id %q question %q", r.ID, r.Question)
	}
}
