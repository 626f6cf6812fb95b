package xlsx

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"continuity/backend/golden"
)

// SetIdentity names the stored set a workbook was exported from. It goes
// into the workbook's document properties, not its cells, so it survives
// the file being renamed, copied or edited in Excel, and an import of the
// file goes back to the set it came from rather than one named after the
// file. It names the set, never the workspace: the same workbook imports
// into the set of that name in whichever workspace is open.
type SetIdentity struct {
	Set     string // the set's name
	Version int    // the version exported; 0 when unknown
}

// The custom document properties that hold a SetIdentity.
const (
	propSet     = "ContinuityGoldenSet"
	propVersion = "ContinuityGoldenVersion"
)

// WriteSet writes rows as Write does, with the set's identity in the
// document properties.
func WriteSet(w io.Writer, id SetIdentity, rows []golden.Row) error {
	return write(w, rows, &id)
}

// WriteSetFile is WriteFile with the set's identity in the workbook.
func WriteSetFile(path string, id SetIdentity, rows []golden.Row) error {
	return writeWorkbook(path, rows, &id)
}

func setIdentity(f *excelize.File, id SetIdentity) error {
	if err := golden.ValidateName(id.Set); err != nil {
		return err
	}
	title := "Golden set " + id.Set
	if id.Version > 0 {
		title = fmt.Sprintf("%s, version %d", title, id.Version)
	}
	if err := f.SetDocProps(&excelize.DocProperties{Title: title, Creator: "Continuity"}); err != nil {
		return err
	}
	if err := f.SetCustomProps(excelize.CustomProperty{Name: propSet, Value: id.Set}); err != nil {
		return err
	}
	if id.Version > 0 {
		return f.SetCustomProps(excelize.CustomProperty{Name: propVersion, Value: int32(id.Version)})
	}
	return nil
}

// readIdentity reads the set a workbook was exported from. A workbook
// made elsewhere has none; a property that is not a valid set name is
// ignored with a warning, as the file name then names the set.
func readIdentity(f *excelize.File) (SetIdentity, *Problem) {
	props, err := f.GetCustomProps()
	if err != nil {
		return SetIdentity{}, &Problem{Message: fmt.Sprintf("the workbook's custom properties could not be read (%v); the set is named after the file", err)}
	}
	var id SetIdentity
	for _, p := range props {
		switch p.Name {
		case propSet:
			s, _ := p.Value.(string)
			s = strings.TrimSpace(s)
			if err := golden.ValidateName(s); err != nil || !utf8.ValidString(s) {
				return SetIdentity{}, &Problem{Message: fmt.Sprintf("the workbook names the set %q it came from, which is not a valid set name; the set is named after the file", clip(s))}
			}
			id.Set = s
		case propVersion:
			switch v := p.Value.(type) {
			case int32:
				id.Version = int(v)
			case int64:
				id.Version = int(v)
			case int:
				id.Version = v
			}
		}
	}
	if id.Set == "" {
		return SetIdentity{}, nil
	}
	return id, nil
}

func clip(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return s
}
