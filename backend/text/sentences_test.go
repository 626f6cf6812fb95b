package text

import (
	"slices"
	"testing"
)

// Each phenomenon the splitter knows, on public-style examples. The
// pieces are compared whole, so a case also fails when a split appears
// where none belongs.
func TestSplitSentences(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		in   string
		want []string
	}{
		// clock times
		{"a.m. mid-sentence, p.m. at the end", "The meeting starts at 8 a.m. and ends at 5 p.m. Bring a laptop.",
			[]string{"The meeting starts at 8 a.m. and ends at 5 p.m.", "Bring a laptop."}},
		{"a clock time before a weekday", "Doors open at 9 a.m. Monday to Friday. Parking is free.",
			[]string{"Doors open at 9 a.m. Monday to Friday.", "Parking is free."}},
		{"a clock time before a time zone", "Support closes at 6 p.m. CET on weekdays. Call us before then.",
			[]string{"Support closes at 6 p.m. CET on weekdays.", "Call us before then."}},
		{"a clock time in capitals against its number", "We open at 10A.M. Come early.", []string{"We open at 10A.M.", "Come early."}},
		// abbreviations
		{"e.g. before a name", "Pick a plan, e.g. Team or Business. Then pay.", []string{"Pick a plan, e.g. Team or Business.", "Then pay."}},
		{"i.e. before a name", "Use the web app, i.e. Tallyhub on a browser. It is free.",
			[]string{"Use the web app, i.e. Tallyhub on a browser.", "It is free."}},
		{"etc. never ends a sentence", "Invoices, quotes, etc. Tallyhub handles them all.", []string{"Invoices, quotes, etc. Tallyhub handles them all."}},
		{"vs.", "Team vs. Business plans differ. Compare them.", []string{"Team vs. Business plans differ.", "Compare them."}},
		{"titles", "Mr. Smith met Mrs. Jones and Ms. Lee. Dr. Brown joined later.",
			[]string{"Mr. Smith met Mrs. Jones and Ms. Lee.", "Dr. Brown joined later."}},
		{"Inc.", "Apple Inc. CEO Tim Cook spoke. He smiled.", []string{"Apple Inc. CEO Tim Cook spoke.", "He smiled."}},
		{"No. before a number", "See No. 5 on the list. It is new.", []string{"See No. 5 on the list.", "It is new."}},
		{"No. as an answer", "Is it free? No. It costs $5.", []string{"Is it free?", "No.", "It costs $5."}},
		{"approx.", "It takes approx. 5 minutes. Then it is done.", []string{"It takes approx. 5 minutes.", "Then it is done."}},
		{"St.", "Visit St. Louis in May. It is warm.", []string{"Visit St. Louis in May.", "It is warm."}},
		{"Jr.", "Martin Luther King Jr. Day is a holiday. Offices close.", []string{"Martin Luther King Jr. Day is a holiday.", "Offices close."}},
		{"U.S.", "The U.S. Government agrees. Others do not.", []string{"The U.S. Government agrees.", "Others do not."}},
		{"single initials", "John F. Kennedy spoke. J. R. R. Tolkien wrote.", []string{"John F. Kennedy spoke.", "J. R. R. Tolkien wrote."}},
		{"an abbreviation in brackets", "Ask a doctor (Dr. Brown) today. Bye.", []string{"Ask a doctor (Dr. Brown) today.", "Bye."}},
		{"a no-break space before an abbreviation", "Ask\u00a0Dr. Brown now. Bye.", []string{"Ask\u00a0Dr. Brown now.", "Bye."}},
		// tokens with periods inside
		{"a decimal", "The fee is 3.5 percent. It is charged monthly.", []string{"The fee is 3.5 percent.", "It is charged monthly."}},
		{"a decimal at the end", "The fee rose to 3.5. It was 3.0 before.", []string{"The fee rose to 3.5.", "It was 3.0 before."}},
		{"a version", "Python 3.12.1 was released. It is faster.", []string{"Python 3.12.1 was released.", "It is faster."}},
		{"a version at the end", "Upgrade to v2.13.0. Then restart.", []string{"Upgrade to v2.13.0.", "Then restart."}},
		{"an e-mail address", "Mail help@example.org. We reply.", []string{"Mail help@example.org.", "We reply."}},
		{"an e-mail address with dots", "Write to j.doe@example.co.uk for help. Thanks.", []string{"Write to j.doe@example.co.uk for help.", "Thanks."}},
		{"a URL", "See https://example.com/a.b?c=d. Then log in.", []string{"See https://example.com/a.b?c=d.", "Then log in."}},
		{"a URL with a question mark and a fragment", "Open https://example.com/?q=A.B#Top! It works.",
			[]string{"Open https://example.com/?q=A.B#Top!", "It works."}},
		// quotations
		{"a straight quotation", `He said "Stop. Now." Then he left.`, []string{`He said "Stop. Now."`, "Then he left."}},
		{"a curly quotation", "She wrote “We are closing. Please leave.” Nobody left.",
			[]string{"She wrote “We are closing. Please leave.”", "Nobody left."}},
		{"a German quotation", "Er sagte „Halt. Jetzt.“ Dann ging er.", []string{"Er sagte „Halt. Jetzt.“", "Dann ging er."}},
		{"guillemets", "Il a dit «Non. Jamais.» Puis il partit.", []string{"Il a dit «Non. Jamais.»", "Puis il partit."}},
		{"single curly quotes around an apostrophe", "‘It’s late. Go home,’ she said. We left.", []string{"‘It’s late. Go home,’ she said.", "We left."}},
		{"a quotation in brackets", `Don't blame the user ("That date isn't valid. Use YYYY-MM-DD."). Be kind.`,
			[]string{`Don't blame the user ("That date isn't valid. Use YYYY-MM-DD.").`, "Be kind."}},
		{"an inch mark quotes nothing", `The screen is 27" wide. It is bright.`, []string{`The screen is 27" wide.`, "It is bright."}},
		{"an unclosed quote quotes nothing", `Type "yes. Then press Enter.`, []string{`Type "yes.`, "Then press Enter."}},
		{"a quote left open does not cross a paragraph", "Type \"yes. Then go.\n\nNext. \"Done.\"",
			[]string{`Type "yes.`, "Then go.", "Next.", `"Done."`}},
		// what may follow a sentence end
		{"a lowercase word continues the sentence", "Prices rise. but not today.", []string{"Prices rise. but not today."}},
		{"a script without case starts a sentence", "Read the guide. 東京 is covered too.", []string{"Read the guide.", "東京 is covered too."}},
		{"inline code starts a sentence", "Change amount handling. `12.50` becomes `1250`.", []string{"Change amount handling.", "`12.50` becomes `1250`."}},
		{"a comma does not", "It is the end. , said no one.", []string{"It is the end. , said no one."}},
		{"several terminators", "Really?! Yes. Wow!", []string{"Really?!", "Yes.", "Wow!"}},
		{"an ellipsis", "Wait... Then go.", []string{"Wait...", "Then go."}},
		{"closing brackets and emphasis", "(It is free.) **Really.** Yes.", []string{"(It is free.)", "**Really.**", "Yes."}},
		{"a no-break space after the period", "It ends.\u00a0Then more.", []string{"It ends.", "Then more."}},
		// Markdown line breaks
		{"list items", "Plans:\n- Team costs $29\n- Business costs $59", []string{"Plans:", "- Team costs $29", "- Business costs $59"}},
		{"starred list items", "Plans:\n* Team\n* Business", []string{"Plans:", "* Team", "* Business"}},
		// "1." stays a piece of its own, as it always was: inside the
		// item's sentence claims would read the 3 of "3. Staff access
		// requires..." as a quantity and contradict a draft with it
		{"numbered items", "Steps:\n1. Sign in\n2) Open Settings", []string{"Steps:", "1.", "Sign in", "2) Open Settings"}},
		{"table rows, the rule dropped", "| Plan | Price |\n|---|---|\n| Team | $29 |", []string{"| Plan | Price |", "| Team | $29 |"}},
		{"a line after a table row", "| a | b |\nNext line", []string{"| a | b |", "Next line"}},
		{"a table row whose cell holds sentences stays whole", "| Tock 101 | Required | Learn Tock. It takes an hour! |\n| TTS 101 | Optional |",
			[]string{"| Tock 101 | Required | Learn Tock. It takes an hour! |", "| TTS 101 | Optional |"}},
		{"a sentence after a table row still ends at its full stop", "| a | b |\nNext line. Then more.", []string{"| a | b |", "Next line.", "Then more."}},
		{"a heading", "Intro text\n## Plans", []string{"Intro text", "## Plans"}},
		{"a heading and its paragraph", "# Pricing\n\nTeam costs $29.", []string{"# Pricing", "Team costs $29."}},
		{"a blank line", "First line\n\nSecond line", []string{"First line", "Second line"}},
		{"a soft line wrap stays", "This sentence wraps\nacross two lines.", []string{"This sentence wraps\nacross two lines."}},
		{"a period before a line break", "Yes.\nNew line without stop", []string{"Yes.", "New line without stop"}},
		{"carriage returns", "One.\r\nTwo.\r\n\r\nThree", []string{"One.", "Two.", "Three"}},
		// degenerate input
		{"empty", "", nil},
		{"only spaces", " \n\t ", nil},
		{"only punctuation", "... !!", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := SplitSentences(tc.in)
			checkPieces(t, tc.in, got)
			var texts []string
			for _, s := range got {
				texts = append(texts, s.Text)
			}
			if !slices.Equal(texts, tc.want) {
				t.Fatalf("SplitSentences(%q)\n got %q\nwant %q", tc.in, texts, tc.want)
			}
		})
	}
}

// SplitSentencesAll keeps what SplitSentences drops, and nothing else
// differs.
func TestSplitSentencesAllKeepsLetterlessPieces(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		in   string
		all  []string
	}{
		{"a thematic break", "Done.\n\n---\n\nNext.", []string{"Done.", "---", "Next."}},
		{"a table rule", "| a |\n|---|\n| 1 |", []string{"| a |", "|---|", "| 1 |"}},
		{"a closing code fence", "```\nAuthorization: Bearer thk_live_...\n```", []string{"```\nAuthorization: Bearer thk_live_...", "```"}},
		{"only punctuation", "... !!", []string{"... !!"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			all := SplitSentencesAll(tc.in)
			checkPieces(t, tc.in, all)
			var texts []string
			var lettered []Span
			for _, s := range all {
				texts = append(texts, s.Text)
				if hasLetterOrDigit(s.Text) {
					lettered = append(lettered, s)
				}
			}
			if !slices.Equal(texts, tc.all) {
				t.Fatalf("SplitSentencesAll(%q)\n got %q\nwant %q", tc.in, texts, tc.all)
			}
			if got := SplitSentences(tc.in); !slices.Equal(got, lettered) {
				t.Fatalf("SplitSentences = %+v, want the lettered pieces %+v", got, lettered)
			}
		})
	}
}
