package muddy

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"continuity/backend/wordnet"
)

var installed struct {
	once sync.Once
	wn   *wordnet.WordNet
	err  error
}

// lexicon is the installed WordNet (Debian's wordnet-base): the rules
// are tested with the real part-of-speech data they run with.
func lexicon(t testing.TB) Lexicon {
	t.Helper()
	installed.once.Do(func() { installed.wn, installed.err = wordnet.Load(wordnet.Dir()) })
	if installed.err != nil {
		t.Fatalf("WordNet is needed (install wordnet-base or run `make models`): %v", installed.err)
	}
	return installed.wn
}

func kinds(fs []Finding) []Kind {
	out := []Kind{}
	for _, f := range fs {
		out = append(out, f.Kind)
	}
	return out
}

type fixture struct {
	name    string
	doc     string
	want    []Kind
	rewrite []string // substrings the first finding's rewrite must hold
}

func runFixtures(t *testing.T, cases []fixture) {
	t.Helper()
	lex := lexicon(t)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Find(context.Background(), tc.doc, lex)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(kindStrings(kinds(got)), ",") != strings.Join(kindStrings(tc.want), ",") {
				t.Fatalf("kinds = %v, want %v\nfindings: %+v", kinds(got), tc.want, got)
			}
			for _, f := range got {
				if tc.doc[f.Start:f.End] != f.Sentence || f.Why == "" || f.Rewrite == "" {
					t.Errorf("finding %+v: sentence must be doc[start:end] with a why and a rewrite", f)
				}
			}
			for _, sub := range tc.rewrite {
				if !strings.Contains(got[0].Rewrite, sub) {
					t.Errorf("rewrite %q lacks %q", got[0].Rewrite, sub)
				}
			}
		})
	}
}

func kindStrings(ks []Kind) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = string(k)
	}
	return out
}

func TestFindNeedsALexicon(t *testing.T) {
	if _, err := Find(context.Background(), "Some text.", nil); !errors.Is(err, ErrNoLexicon) {
		t.Fatalf("err = %v, want ErrNoLexicon", err)
	}
}

func TestFindStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Find(ctx, "One sentence. Another one.", lexicon(t)); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestSkipsMarkup(t *testing.T) {
	runFixtures(t, []fixture{
		{name: "code block", doc: "Intro paragraph here.\n\n```\nIt runs, all of it scale-to-zero on Cloud Run.\n```\n"},
		{name: "table row", doc: "Intro paragraph here.\n\n| Slack, Teams and Zoom, free for a year. |\n|---|\n"},
		{name: "heading", doc: "Intro paragraph here.\n\n## Slack, Teams and Zoom, free for a year\n"},
		{name: "fragment list item", doc: "Intro paragraph here.\n\n- Slack, Teams and Zoom, free\n"},
		{name: "front matter", doc: "---\ntitle: Slack, Teams and Zoom, free for a year.\n---\nIntro paragraph here.\n"},
		{name: "full-sentence list item is linted", doc: "Intro paragraph here.\n\n- We connect to Slack, Teams and Zoom, free for the first year.\n",
			want: []Kind{TrailingAttributeAfterList}},
	})
}

func TestForDocumentCountsProseWords(t *testing.T) {
	doc := "# Title\n\nModel Armor screens prompts and responses, all of it scale-to-zero on Cloud Run.\n\n```\ncode words here\n```\n"
	r, err := ForDocument(context.Background(), "doc-1", doc, lexicon(t))
	if err != nil {
		t.Fatal(err)
	}
	if r.DocID != "doc-1" || r.Words != 13 || len(r.Findings) != 1 || r.Findings[0].Kind != AllOfIt {
		t.Fatalf("report = %+v, want doc-1, 13 words, one all_of_it finding", r)
	}
}
