package corpus

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"continuity/backend/text"
)

type frontMatter struct {
	ID        string `yaml:"id"`
	Title     string `yaml:"title"`
	URL       string `yaml:"url"`
	Published string `yaml:"published"`
	Type      string `yaml:"type"`
	Status    string `yaml:"status"`
}

// splitFrontMatter returns the YAML between leading "---" lines and the
// offset where the body starts; ok is false when there is none.
func splitFrontMatter(raw []byte) (yml []byte, bodyStart int, ok bool, err error) {
	if !bytes.HasPrefix(raw, []byte("---\n")) && !bytes.HasPrefix(raw, []byte("---\r\n")) {
		return nil, 0, false, nil
	}
	start := bytes.IndexByte(raw, '\n') + 1
	for pos := start; pos < len(raw); {
		end := bytes.IndexByte(raw[pos:], '\n')
		line := raw[pos:]
		next := len(raw)
		if end >= 0 {
			line, next = raw[pos:pos+end], pos+end+1
		}
		if t := bytes.TrimRight(line, "\r \t"); string(t) == "---" || string(t) == "..." {
			return raw[start:pos], next, true, nil
		}
		pos = next
	}
	return nil, 0, false, fmt.Errorf("front matter: opening --- at line 1 is never closed")
}

func parseMarkdown(doc *Document, raw []byte) error {
	// A byte-order mark before "---" would make the front matter body text,
	// and an archived page would be indexed as published.
	bom := len(raw) - len(text.TrimBOM(raw))
	yml, body, ok, err := splitFrontMatter(raw[bom:])
	body += bom
	if err != nil {
		return err
	}
	if ok {
		var fm frontMatter
		if err := yaml.Unmarshal(yml, &fm); err != nil {
			return fmt.Errorf("front matter: %s; not indexed", locateYAML(err, 2))
		}
		if id := strings.TrimSpace(fm.ID); id != "" {
			doc.ID = id
		}
		doc.Title, doc.URL = strings.TrimSpace(fm.Title), strings.TrimSpace(fm.URL)
		doc.Published, doc.Type, doc.Status = strings.TrimSpace(fm.Published), strings.TrimSpace(fm.Type), strings.TrimSpace(fm.Status)
	}
	doc.Blocks = markdownBlocks(raw, body)
	return nil
}

var yamlLineRe = regexp.MustCompile(`line (\d+)`)

// locateYAML rewrites the YAML parser's line numbers, which count from the
// front matter's first line, as lines of the file.
func locateYAML(err error, firstLine int) string {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	return yamlLineRe.ReplaceAllStringFunc(msg, func(m string) string {
		n, _ := strconv.Atoi(m[len("line "):])
		return "line " + strconv.Itoa(n+firstLine-1)
	})
}

// markdownBlocks splits the body at blank lines and headings, keeping fenced
// code together, and records each block's byte range in raw.
func markdownBlocks(raw []byte, from int) []Block {
	var blocks []Block
	var path []string
	var levels []int
	paraStart, paraEnd := -1, -1
	var para []mdLine
	inFence, fenced := false, false
	flush := func() {
		if paraStart < 0 {
			return
		}
		switch {
		case !fenced && len(para) > 0 && htmlBlockStart(para[0].text):
			blocks = append(blocks, htmlFragment(raw[paraStart:paraEnd], paraStart, path)...)
		case !fenced:
			blocks = append(blocks, paragraphBlocks(para, path)...)
		default:
			lines := make([]string, len(para))
			for i, l := range para {
				lines[i] = l.text
			}
			if text := cleanInline(strings.Join(lines, "\n")); text != "" {
				blocks = append(blocks, Block{Text: text, HeadingPath: append([]string(nil), path...), Start: paraStart, End: paraEnd})
			}
		}
		paraStart, para, fenced = -1, nil, false
	}
	for pos := from; pos < len(raw); {
		end := bytes.IndexByte(raw[pos:], '\n')
		next := len(raw)
		lineEnd := len(raw)
		if end >= 0 {
			lineEnd, next = pos+end, pos+end+1
		}
		line := strings.TrimRight(string(raw[pos:lineEnd]), "\r")
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~"):
			inFence, fenced = !inFence, true
			if paraStart < 0 {
				paraStart = pos
			}
			paraEnd = lineEnd
		case inFence:
			para = append(para, mdLine{line, pos, lineEnd})
			paraEnd = lineEnd
		case trimmed == "":
			flush()
		default:
			if level, title, ok := atxHeading(line); ok {
				flush()
				for len(levels) > 0 && levels[len(levels)-1] >= level {
					levels, path = levels[:len(levels)-1], path[:len(path)-1]
				}
				text := cleanInline(title)
				if text != "" {
					blocks = append(blocks, Block{Heading: true, Level: level, Text: text, HeadingPath: append([]string(nil), path...), Start: pos, End: lineEnd})
					levels, path = append(levels, level), append(path, text)
				}
			} else {
				if paraStart < 0 {
					paraStart = pos
				}
				para = append(para, mdLine{line, pos, lineEnd})
				paraEnd = lineEnd
			}
		}
		pos = next
	}
	flush()
	return blocks
}

var (
	imageRe = regexp.MustCompile(`!\[([^\]]*)\]\([^)]*\)`)
	linkRe  = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	// emphasis marks go in one pass, leftmost first, as a regexp
	// alternation would, without its per-call state.
	emphMarks  = strings.NewReplacer("**", "", "__", "", "`", "")
	quoteRe    = regexp.MustCompile(`(?m)^\s{0,3}>\s?`)
	tableSepRe = regexp.MustCompile(`(?m)^\s*\|?(\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*$\n?`)
)

// cleanInline removes Markdown markup and invisible characters, keeping the words.
func cleanInline(s string) string {
	// Each pattern needs a marker character; plain prose skips the regexps.
	if strings.Contains(s, "![") {
		s = imageRe.ReplaceAllString(s, "$1")
	}
	if strings.Contains(s, "](") {
		s = linkRe.ReplaceAllString(s, "$1")
	}
	if strings.ContainsAny(s, "*_`") {
		s = emphMarks.Replace(s)
	}
	if strings.Contains(s, ">") {
		s = quoteRe.ReplaceAllString(s, "")
	}
	if strings.Contains(s, "---") {
		s = tableSepRe.ReplaceAllString(s, "")
	}
	return strings.TrimSpace(stripInvisible(s))
}

// stripInvisible drops the characters that can hide text from a reader but
// not from a model (zero-width, bidi controls, tags, controls).
func stripInvisible(s string) string { return text.StripInvisible(s) }

func parsePlain(doc *Document, raw []byte) {
	doc.Blocks = plainBlocks(raw)
	// The first line of a plain-text file is its title when it is short.
	if len(doc.Blocks) > 0 && !strings.Contains(doc.Blocks[0].Text, "\n") && len(strings.Fields(doc.Blocks[0].Text)) <= 12 {
		doc.Title = doc.Blocks[0].Text
		doc.Blocks[0].Heading, doc.Blocks[0].Level = true, 1
		for i := 1; i < len(doc.Blocks); i++ {
			doc.Blocks[i].HeadingPath = []string{doc.Title}
		}
	}
}

func plainBlocks(raw []byte) []Block {
	var blocks []Block
	start := -1
	end := 0
	flush := func() {
		if start >= 0 {
			if t := strings.TrimSpace(stripInvisible(string(raw[start:end]))); t != "" {
				blocks = append(blocks, Block{Text: t, Start: start, End: end})
			}
			start = -1
		}
	}
	for pos := 0; pos < len(raw); {
		e := bytes.IndexByte(raw[pos:], '\n')
		lineEnd, next := len(raw), len(raw)
		if e >= 0 {
			lineEnd, next = pos+e, pos+e+1
		}
		if len(bytes.TrimSpace(raw[pos:lineEnd])) == 0 {
			flush()
		} else {
			if start < 0 {
				start = pos
			}
			end = lineEnd
		}
		pos = next
	}
	flush()
	return blocks
}
