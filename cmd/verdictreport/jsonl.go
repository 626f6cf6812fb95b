package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// readJSONL decodes each non-blank line of path into a T and hands it to
// fn; a bad line or an error from fn stops with the line number.
func readJSONL[T any](path string, fn func(T) error) error {
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

// readQrelIDs are the query ids of a BEIR qrels file, in file order. The
// files have CRLF line endings and a header.
func readQrelIDs(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read qrels: %w", err)
	}
	var ids []string
	seen := map[string]bool{}
	for i, l := range strings.Split(strings.ReplaceAll(string(b), "\r", ""), "\n") {
		f := strings.Split(l, "\t")
		if i == 0 || len(f) != 3 || seen[f[0]] {
			continue
		}
		seen[f[0]] = true
		ids = append(ids, f[0])
	}
	return ids, nil
}
