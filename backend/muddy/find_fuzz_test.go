package muddy

import (
	"context"
	"testing"
)

// FuzzFind: any Markdown, however broken, gives findings whose sentence
// is exactly the document's bytes between their offsets, never a panic.
func FuzzFind(f *testing.F) {
	for _, seed := range []string{
		"Model Armor screening prompts and responses, all of it scale-to-zero on Cloud Run.",
		"Tallyhub connects to Slack, Teams and Zoom, free for the first year.",
		"Basic and Pro cost $5 and $10 a month.",
		"Tallyhub Go is our app.\n\nIt runs on iPhones.\n",
		"---\ntitle: x\n---\n# H\n\n- item, a, and b, free.\n\n```\ncode\n",
		"A, , and , free.", ", all of it", "\r\n\r\nThey are.\r\n", "1. \n* \n|", "Alice,, and Bob and  cost 5 and",
	} {
		f.Add(seed)
	}
	lex := lexicon(f)
	f.Fuzz(func(t *testing.T, doc string) {
		got, err := Find(context.Background(), doc, lex)
		if err != nil {
			t.Fatal(err)
		}
		last := -1
		for _, fd := range got {
			if fd.Start < 0 || fd.End > len(doc) || fd.Start >= fd.End {
				t.Fatalf("offsets [%d,%d) out of bounds for %d bytes", fd.Start, fd.End, len(doc))
			}
			if doc[fd.Start:fd.End] != fd.Sentence {
				t.Fatalf("sentence %q != doc[%d:%d] %q", fd.Sentence, fd.Start, fd.End, doc[fd.Start:fd.End])
			}
			if fd.Start < last {
				t.Fatalf("findings out of document order")
			}
			last = fd.Start
			if fd.Why == "" || fd.Rewrite == "" {
				t.Fatalf("finding without why or rewrite: %+v", fd)
			}
		}
	})
}
