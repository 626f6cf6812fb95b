package xlsx

import (
	"strings"
	"unicode"

	"continuity/backend/golden"
)

// Sheet names in the workbooks we write.
const (
	QuestionsSheet    = "Golden questions"
	InstructionsSheet = "Instructions"
)

// Limits that keep a hostile workbook from exhausting memory or time.
const (
	MaxFileSize       = 25 << 20  // bytes on disk, checked before opening
	UnzipSizeLimit    = 100 << 20 // total uncompressed bytes excelize may unpack
	UnzipXMLSizeLimit = 16 << 20  // per worksheet or shared-strings part kept in memory
	MaxRows           = 10000     // question rows below the header
	MaxColumns        = 64        // columns read per row; later ones are ignored
	MaxCellChars      = 32767     // Excel's own cell limit
	headerSearchRows  = 10        // the header is the first non-empty row among these
)

// column describes one golden field's column in the template.
type column struct {
	field    golden.Field
	width    float64
	required bool
	hint     string   // the input message Excel shows when the cell is selected
	synonyms []string // other header spellings accepted on import, already normalised
}

var columns = []column{
	{golden.FieldID, 9, true, "A unique ID such as Q001. Keep it when you edit the row.",
		[]string{"id", "qid", "questionid", "no", "number", "ref", "key"}},
	{golden.FieldQuestion, 48, true, "Ask it as a customer would, in their words, not as a quiz.",
		[]string{"question", "questions", "query", "prompt", "userquestion", "questiontext"}},
	{golden.FieldCategory, 12, true, "routine, tricky or refuse (pick from the list).",
		[]string{"category", "type", "kind", "questiontype", "class"}},
	{golden.FieldApprovedAnswer, 56, true, "The answer a subject expert signs off. For refuse, how to decline.",
		[]string{"approvedanswer", "answer", "expectedanswer", "goldanswer", "referenceanswer", "groundtruth", "idealanswer"}},
	{golden.FieldReferenceDocIDs, 30, true, "IDs of published documents that answer it, separated by commas.",
		[]string{"referencedocids", "referencedocid", "referencedocs", "referencedocuments", "docids", "docid",
			"documentids", "documents", "sources", "source", "references", "refdocs"}},
	{golden.FieldSupportingLine, 56, true, "Copy the exact line from the reference document that answers it.",
		[]string{"supportingline", "supportingquote", "supportingtext", "quote", "evidence", "citation", "excerpt"}},
	{golden.FieldOwner, 16, false, "Who answers for this row.",
		[]string{"owner", "author", "expert", "sme", "reviewer", "ownedby"}},
	{golden.FieldNotes, 30, false, "Anything a reviewer should know.",
		[]string{"notes", "note", "comments", "comment", "remarks"}},
	{golden.FieldTags, 20, false, "Comma-separated tags, e.g. pricing, api.",
		[]string{"tags", "tag", "labels", "label", "keywords"}},
}

// normHeader lowercases and drops everything but letters and digits, so
// "Approved  Answer", "approved_answer" and "APPROVED-ANSWER" all match.
func normHeader(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// fieldForHeader maps a header cell to its field.
func fieldForHeader(h string) (golden.Field, bool) {
	n := normHeader(h)
	if n == "" {
		if strings.TrimSpace(h) == "#" {
			return golden.FieldID, true
		}
		return "", false
	}
	for _, c := range columns {
		for _, s := range c.synonyms {
			if n == s {
				return c.field, true
			}
		}
	}
	return "", false
}

// colName turns a 0-based index into a column letter (0 → A).
func colName(i int) string {
	name := ""
	for i++; i > 0; i = (i - 1) / 26 {
		name = string(rune('A'+(i-1)%26)) + name
	}
	return name
}
