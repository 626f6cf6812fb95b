package check

import "testing"

func TestTableHeaderOfARow(t *testing.T) {
	t.Parallel()
	chunk := "Classes\n\n| Name | Format | Guidance |\n| Tock 101 | Self-guided | Required |\n| TTS 101 | Video | Recommended |\n\nAfter the table."
	cases := []struct {
		name, row, want string
	}{
		{"a row under its header", "| TTS 101 | Video | Recommended |", "| Name | Format | Guidance |"},
		{"the first row under the header", "| Tock 101 | Self-guided | Required |", "| Name | Format | Guidance |"},
		{"the header itself has none", "| Name | Format | Guidance |", ""},
		{"a sentence is no row", "After the table.", ""},
		{"a row the chunk does not hold", "| Intro | Video | Required |", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := tableHeader(chunk, tc.row)
			if h != tc.want {
				t.Fatalf("tableHeader = %q, want %q", h, tc.want)
			}
			want := tc.row
			if h != "" {
				want = h + "\n" + tc.row
			}
			if got := withHeader(h, tc.row); got != want {
				t.Errorf("withHeader = %q, want %q", got, want)
			}
		})
	}
	if got := withHeader("| Name | Format |", "Tock 101 is self-guided."); got != "Tock 101 is self-guided." {
		t.Errorf("a sentence got a header: %q", got)
	}
}
