// Command survey prints the muddy findings of every .md file under the
// folders given, with counts per kind and findings per 1,000 words.
package main

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"continuity/backend/muddy"
)

func main() {
	lex, err := muddy.DefaultLexicon()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	for _, root := range os.Args[1:] {
		words, counts := 0, map[muddy.Kind]int{}
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
				return err
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			r, err := muddy.ForDocument(context.Background(), p, string(b), lex)
			if err != nil {
				return err
			}
			words += r.Words
			for _, f := range r.Findings {
				counts[f.Kind]++
				fmt.Printf("%s\t%d\t%s\t%q\n\t-> %s\n", p, f.Start, f.Kind, strings.Join(strings.Fields(f.Sentence), " "), f.Rewrite)
			}
			return nil
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		total := 0
		for _, n := range counts {
			total += n
		}
		fmt.Printf("== %s: %d words, %d findings (%.2f per 1,000 words) %v\n", root, words, total, 1000*float64(total)/float64(max(words, 1)), counts)
	}
}
