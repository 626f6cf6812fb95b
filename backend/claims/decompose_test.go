package claims_test

import (
	"context"
	"strings"
	"testing"

	"continuity/backend/claims"
)

// What a writer sees as a claim: check-worthy sentences and fact
// headings, each a verbatim span of the draft without the Markdown around
// it, never cut below the fact it states.
func TestDecomposeClaims(t *testing.T) {
	t.Parallel()
	type want struct{ text, resolved string }
	cases := []struct {
		name, draft string
		want        []want
	}{
		{"a bullet and a bold label are left out of the span",
			"Tock tips:\n\n- **Note:** Tock is due on Fridays.\n- Log hours daily in Tock.\n",
			[]want{{"Tock is due on Fridays", ""}, {"Log hours daily in Tock", ""}}},
		{"inner Markdown stays in Text, its plain form is Resolved",
			"Refunds are easy. You get **30 days** to ask for a [refund](https://x.example/refunds).",
			[]want{{"You get **30 days** to ask for a [refund](https://x.example/refunds)", "You get 30 days to ask for a refund"}}},
		{"a heading that states a fact is a claim, a topic heading is not",
			"# Refunds\n\n## Full refunds within 45 days\n\nAsk support for one at help@x.example.",
			[]want{{"Full refunds within 45 days", ""}, {"Ask support for one at help@x.example", ""}}},
		{"a subtitle in emphasis is read as a heading",
			"# Guide\n\n*Help article for new hires*\n\nNew badges are processed on Wednesdays.",
			[]want{{"New badges are processed on Wednesdays", ""}}},
		{"connecting prose is no claim",
			"Welcome aboard! Bookmark this page. This article walks through leave. Your first trip is exciting. Thanks for reading.\n\nSick leave accrues at four hours per pay period.",
			[]want{{"Sick leave accrues at four hours per pay period", ""}}},
		{"a tail stating the number is kept",
			"GSA's maximum salary, which also caps total pay including overtime, is $183,500. Use it well.",
			[]want{{"GSA's maximum salary, which also caps total pay including overtime, is $183,500", ""}}},
		{"a relative clause inside the sentence keeps the verb after it",
			"GSA's virtual desktop client, which you log into with your ENT credentials, is VMware Horizon.",
			[]want{{"GSA's virtual desktop client, which you log into with your ENT credentials, is VMware Horizon", ""}}},
		{"a tail without a fact is still cut",
			"Every webhook is signed with HMAC-SHA256, so you can verify it came from us. Enjoy.",
			[]want{{"Every webhook is signed with HMAC-SHA256", ""}}},
		{"after an instruction, the tail with the fact is the claim",
			"Don't wait until December, because after the switch-off date every v1 request will fail. Thanks!",
			[]want{{"after the switch-off date every v1 request will fail", ""}}},
		{"a serial list is not split into clauses",
			"TTS offices host whiteboard sessions, lunch with teammates, and the hallway chats of 18F. Enjoy your visit.",
			[]want{{"TTS offices host whiteboard sessions, lunch with teammates, and the hallway chats of 18F", ""}}},
		{"a contracted subject opens a clause",
			"Security matters at Tallyhub, and we've made every change reviewed before release. Have fun.",
			[]want{{"Security matters at Tallyhub", ""}, {"we've made every change reviewed before release", ""}}},
		{"a promise after an instruction is no claim",
			"Search the help center first, and you may find the answer sooner. Tallyhub replies within 4 hours.",
			[]want{{"Tallyhub replies within 4 hours", ""}}},
		{"a pronoun is resolved on the plain form",
			"**Tallyhub Go** launched in 2025. It runs on [iPhones](https://x.example).",
			[]want{{"**Tallyhub Go** launched in 2025", "Tallyhub Go launched in 2025"}, {"It runs on [iPhones](https://x.example)", "Tallyhub Go runs on iPhones"}}},
		{"a draft of one sentence is checked as it is", "The movie was a great success.",
			[]want{{"The movie was a great success", ""}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got := claims.Decompose(c.draft)
			var texts []string
			for _, cl := range got {
				texts = append(texts, cl.Text)
				if c.draft[cl.Start:cl.End] != cl.Text {
					t.Errorf("claim %q is not the draft's span [%d:%d] %q", cl.Text, cl.Start, cl.End, c.draft[cl.Start:cl.End])
				}
			}
			if len(got) != len(c.want) {
				t.Fatalf("claims %q, want %d", texts, len(c.want))
			}
			for i, w := range c.want {
				if got[i].Text != w.text || got[i].Resolved != w.resolved {
					t.Errorf("claim %d = %q (resolved %q), want %q (resolved %q)", i, got[i].Text, got[i].Resolved, w.text, w.resolved)
				}
			}
		})
	}
}

// Resolve reads a claim's plain form: the pronoun of a claim with a link
// is resolved from the heading above it.
func TestResolveReadsThePlainForm(t *testing.T) {
	t.Parallel()
	draft := "## Tallyhub Go\n\nIt runs on [iPhones](https://x.example) and Android phones."
	got := claims.Resolve(draft, claims.Decompose(draft))
	if len(got) != 1 || got[0].Resolved != "Tallyhub Go runs on iPhones and Android phones" {
		t.Fatalf("claims %+v", got)
	}
}

// Issue 30: a heading that states a fact is checked like a paragraph, and
// one with an outdated number is contradicted by the page that states it.
func TestFactHeadingIsCheckedRealIndex(t *testing.T) {
	t.Parallel()
	ix := openSample(t)
	draft := "# Refunds\n\n## Full refunds within 45 days\n\nWrite to our support team to ask for one."
	rep, err := claims.NewOffline().Check(context.Background(), draft, ix)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Results) != 1 {
		t.Fatalf("results %+v, want the heading's claim only", rep.Results)
	}
	r := rep.Results[0]
	if r.Text != "Full refunds within 45 days" || draft[r.Start:r.End] != r.Text || r.Paragraph != 1 {
		t.Fatalf("claim %+v", r.Claim)
	}
	if r.Verdict != claims.Contradicted || len(r.Evidence) == 0 || !strings.Contains(r.Evidence[0].Quote, "30 days") {
		t.Fatalf("verdict %s (%s), evidence %+v", r.Verdict, r.Explanation, r.Evidence)
	}
}
