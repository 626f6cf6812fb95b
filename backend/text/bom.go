package text

import (
	"bytes"
	"strings"
)

// BOM is the UTF-8 byte-order mark some editors write before a file's text.
const BOM = "\uFEFF"

// TrimBOM drops one leading byte-order mark. Front matter, headers and
// cell values that start with it would otherwise not be recognized.
func TrimBOM(b []byte) []byte { return bytes.TrimPrefix(b, []byte(BOM)) }

// TrimBOMString is TrimBOM for strings.
func TrimBOMString(s string) string { return strings.TrimPrefix(s, BOM) }
