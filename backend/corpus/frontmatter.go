package corpus

import "continuity/backend/text"

// FrontMatter splits a Markdown file the way Parse reads it: the YAML
// between the leading "---" lines (nil when there is none) and the byte
// offset in raw where the body starts, past any byte-order mark.
func FrontMatter(raw []byte) (yml []byte, bodyStart int, err error) {
	bom := len(raw) - len(text.TrimBOM(raw))
	yml, body, _, err := splitFrontMatter(raw[bom:])
	if err != nil {
		return nil, 0, err
	}
	return yml, body + bom, nil
}
