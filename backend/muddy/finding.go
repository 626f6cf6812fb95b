package muddy

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"continuity/backend/models"
	"continuity/backend/wordnet"
)

// Kind names the way a sentence is muddy.
type Kind string

const (
	// TrailingAttributeAfterList: "Slack, Teams and Zoom, free for a year":
	// the attribute may describe the last item or all of them.
	TrailingAttributeAfterList Kind = "trailing_attribute_after_list"
	// AllOfIt: ", all of it …" bolts a claim onto everything before it.
	AllOfIt Kind = "all_of_it"
	// SharedPredicate: "Basic and Pro cost $5 and $10": several subjects
	// share a predicate that holds several values.
	SharedPredicate Kind = "shared_predicate"
	// DistantPronoun: a paragraph opens with "It"/"They"/"This …" whose
	// referent is in an earlier paragraph.
	DistantPronoun Kind = "distant_pronoun"
)

// Finding is one muddy sentence, reported as a suggestion.
type Finding struct {
	Sentence   string // the writer's sentence, exactly doc[Start:End]
	Start, End int    // byte offsets in the document
	Kind       Kind
	Why        string // what a retriever may get wrong, in plain words
	Rewrite    string // a hint: the sentence split so each part names its subject
}

// Lexicon is the part-of-speech lookup the detectors lean on
// (*wordnet.WordNet satisfies it).
type Lexicon interface {
	Modifier(word string) bool // mostly an adjective or adverb
	Has(word string) bool      // an English word, not a name
}

// ErrNoLexicon: Find was given no lexicon; without parts of speech the
// rules would guess, so they do not run.
var ErrNoLexicon = errors.New("muddy: no lexicon (WordNet) to tell words from names")

// detector is one kind of muddy sentence, vale-style: one file per kind.
type detector interface {
	kind() Kind
	find(s sentence) []Finding
}

func detectors(lex Lexicon) []detector {
	return []detector{allOfIt{}, trailingAttribute{lex: lex}, sharedPredicate{lex: lex}, distantPronoun{lex: lex}}
}

// Find lists the muddy sentences of a Markdown document in document
// order, at most one finding per sentence (the first kind that matches,
// in the order of detectors). Code, tables, headings, HTML and list items
// that are fragments are skipped.
func Find(ctx context.Context, doc string, lex Lexicon) ([]Finding, error) {
	if lex == nil {
		return nil, ErrNoLexicon
	}
	ds := detectors(lex)
	var out []Finding
	for _, s := range sentencesOf(doc) {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("muddy: %w", err)
		}
		for _, d := range ds {
			if fs := d.find(s); len(fs) > 0 {
				out = append(out, fs[0])
				break
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out, nil
}

// DocumentReport is the muddy-sentence lint of one published document.
type DocumentReport struct {
	DocID    string
	Words    int // prose words checked (code, tables and headings excluded)
	Findings []Finding
}

// ForDocument lints one published document's Markdown; the audit view
// calls it per document.
func ForDocument(ctx context.Context, docID, markdown string, lex Lexicon) (DocumentReport, error) {
	fs, err := Find(ctx, markdown, lex)
	if err != nil {
		return DocumentReport{}, fmt.Errorf("muddy %s: %w", docID, err)
	}
	words := 0
	for _, b := range blocksOf(markdown) {
		if b.kind == paragraph || b.kind == listItem {
			words += len(strings.Fields(b.text))
		}
	}
	return DocumentReport{DocID: docID, Words: words, Findings: fs}, nil
}

var defaultLexicon struct {
	once sync.Once
	wn   *wordnet.WordNet
	err  error
}

// DefaultLexicon loads WordNet once per process from where models.Locate
// finds it (the models folders, the copy compiled into the binary, Debian's
// wordnet-base), as the claim engine does (reading the files takes about
// 0.1 s; words are parsed as they are looked up).
func DefaultLexicon() (Lexicon, error) {
	defaultLexicon.once.Do(func() {
		loc, err := models.Locate("", models.WordNet)
		if err != nil {
			defaultLexicon.err = err
			return
		}
		defaultLexicon.wn, defaultLexicon.err = wordnet.LoadFS(loc.FS, loc.Path)
	})
	if defaultLexicon.err != nil {
		return nil, fmt.Errorf("muddy: %w", defaultLexicon.err)
	}
	return defaultLexicon.wn, nil
}
