package golden

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestCellKeepsWhatWasWritten(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		field   Field
		written string
		edit    func(*Row) // a later change of the value, nil for none
		cell    string
	}{
		{"a plain value needs nothing kept", FieldQuestion, "How long?", nil, "How long?"},
		{"CRLF", FieldQuestion, "a\r\nb", nil, "a\r\nb"},
		{"a list as typed", FieldTags, "a, b,c ,  d", nil, "a, b,c ,  d"},
		{"a list with other separators", FieldReferenceDocIDs, "help-a;help-b\nhelp-c", nil, "help-a;help-b\nhelp-c"},
		{"a category as typed", FieldCategory, " Routine", nil, " Routine"},
		{"an ID with space around it", FieldID, " Q1 ", nil, " Q1 "},
		{"a changed list is written anew", FieldReferenceDocIDs, "help-a;help-b",
			func(r *Row) { r.ReferenceDocIDs = []string{"help-a", "help-renamed"} }, "help-a, help-renamed"},
		{"a list edited to the same items keeps its spelling", FieldTags, "a;b",
			func(r *Row) { r.Tags = []string{"a", "b"} }, "a;b"},
		{"setting a plain value forgets the old spelling", FieldTags, "a;b",
			func(r *Row) { r.Set(FieldTags, "x, y") }, "x, y"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var r Row
			r.Set(c.field, c.written)
			if c.edit != nil {
				c.edit(&r)
			}
			if got := r.Cell(c.field); got != c.cell {
				t.Fatalf("Cell = %q, want %q", got, c.cell)
			}
			// the spelling survives the store's JSON
			var back Row
			b, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(b, &back); err != nil || back.Cell(c.field) != c.cell {
				t.Fatalf("after JSON: %q (%v)", back.Cell(c.field), err)
			}
		})
	}
}

// Rows are copied by value; setting a field of a copy must leave the
// original's written text alone.
func TestSetOnACopyLeavesTheOriginal(t *testing.T) {
	t.Parallel()
	var a Row
	a.Set(FieldTags, "a;b")
	b := a
	b.Set(FieldTags, "c;d")
	if a.Cell(FieldTags) != "a;b" || b.Cell(FieldTags) != "c;d" {
		t.Fatalf("a %q, b %q", a.Cell(FieldTags), b.Cell(FieldTags))
	}
	var plain Row
	plain.Set(FieldQuestion, "x")
	if !reflect.DeepEqual(plain, Row{Question: "x"}) {
		t.Fatalf("a plain value kept something: %#v", plain)
	}
}
