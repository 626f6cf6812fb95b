package xlsx

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf16"

	"github.com/xuri/excelize/v2"
)

// OOXML stores a character XML 1.0 cannot hold as _xHHHH_, so a cell whose
// text is literally "_x0041_" must be written "_x005F_x0041_" or Excel
// shows "A". excelize's SetCellStr stores the text unescaped (2.11.1; its
// own escaping is applied to a copy it does not write), and encoding/xml
// turns the characters XML cannot hold into U+FFFD. setText escapes both
// itself; TestExportKeepsCellsAsWritten reads the raw XML, so an excelize
// that starts escaping (and would double it) fails there.

// bstrLiteral is a run of text that OOXML readers would decode.
var bstrLiteral = regexp.MustCompile(`_[xX][0-9a-fA-F]{4}_`)

// ooxmlText is v as a string cell must store it.
func ooxmlText(v string) string {
	if !strings.Contains(v, "_") && strings.IndexFunc(v, notXMLChar) < 0 {
		return v
	}
	v = bstrLiteral.ReplaceAllStringFunc(v, func(m string) string { return "_x005F" + m })
	var b strings.Builder
	for _, r := range v {
		if notXMLChar(r) {
			fmt.Fprintf(&b, "_x%04X_", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// notXMLChar tells the characters XML 1.0 has no place for (tab, LF and CR
// it has).
func notXMLChar(r rune) bool {
	return (r < 0x20 && r != '\t' && r != '\n' && r != '\r') || r == 0xFFFE || r == 0xFFFF
}

// setText writes v to a cell as a string, as written. excelize cuts a
// stored text over its cell limit, which would cut an escape in two, so
// that is an error instead.
func setText(f *excelize.File, sheet, cell, v string) error {
	stored := ooxmlText(v)
	// UTF-8 never takes fewer bytes than UTF-16 takes units, so most texts skip the count
	if len(stored) > excelize.TotalCellChars && len(utf16.Encode([]rune(stored))) > excelize.TotalCellChars {
		return fmt.Errorf("cell %s: the text is stored as more than Excel's %d characters once its _xHHHH_ escapes are written", cell, excelize.TotalCellChars)
	}
	return f.SetCellStr(sheet, cell, stored)
}
