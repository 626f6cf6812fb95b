// Package benchdata reads the shared public benchmark files (BEIR-style
// JSONL and qrels) and writes SciFact's abstracts as a corpus folder, for
// the developer commands that measure and train the claims engine
// (cmd/verdictreport, cmd/trainverdict): both build one index from the
// same bytes.
package benchdata

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ReadJSONL decodes each non-blank line of path into a T and hands it to
// fn; a bad line or an error from fn stops with the line number.
func ReadJSONL[T any](path string, fn func(T) error) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for line := 1; sc.Scan(); line++ {
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		var v T
		if err := json.Unmarshal(b, &v); err != nil {
			return fmt.Errorf("%s:%d: %w", path, line, err)
		}
		if err := fn(v); err != nil {
			return fmt.Errorf("%s:%d: %w", path, line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("read %s: %w", path, err)
	}
	return nil
}

// ReadQrels maps each query id of a BEIR qrels file to its documents and
// lists the ids, both in file order. The files have CRLF line endings and
// a header.
func ReadQrels(path string) ([]string, map[string][]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("read qrels: %w", err)
	}
	var ids []string
	docs := map[string][]string{}
	for i, l := range strings.Split(strings.ReplaceAll(string(b), "\r", ""), "\n") {
		f := strings.Split(l, "\t")
		if i == 0 || len(f) != 3 {
			continue
		}
		if _, ok := docs[f[0]]; !ok {
			ids = append(ids, f[0])
		}
		docs[f[0]] = append(docs[f[0]], f[1])
	}
	return ids, docs, nil
}

// BEIRDoc is one line of a BEIR corpus.jsonl.
type BEIRDoc struct {
	ID    string `json:"_id"`
	Title string `json:"title"`
	Text  string `json:"text"`
}

// WriteSciFactContent writes each abstract of corpusPath as a Markdown
// document in dir whose front matter carries its id and title, so
// evidence names the abstract by its corpus id. Files already holding the
// same bytes are left alone: their stat data lets a rerun's sync skip
// them unread. It returns the number of abstracts.
func WriteSciFactContent(dir, corpusPath string) (int, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, fmt.Errorf("scifact content dir: %w", err)
	}
	n := 0
	err := ReadJSONL(corpusPath, func(d BEIRDoc) error {
		if d.ID == "" || strings.ContainsAny(d.ID, `/\.`) {
			return fmt.Errorf("unusable document id %q", d.ID)
		}
		title, _ := json.Marshal(d.Title) // a JSON string is a valid YAML scalar
		body := []byte(fmt.Sprintf("---\nid: %q\ntitle: %s\n---\n\n%s\n", d.ID, title, d.Text))
		p := filepath.Join(dir, d.ID+".md")
		n++
		if old, err := os.ReadFile(p); err == nil && bytes.Equal(old, body) {
			return nil
		} else if err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("read %s: %w", p, err)
		}
		if err := os.WriteFile(p, body, 0o644); err != nil {
			return fmt.Errorf("write %s: %w", p, err)
		}
		return nil
	})
	return n, err
}
