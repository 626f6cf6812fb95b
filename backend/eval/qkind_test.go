package eval

import "testing"

func TestQuestionKind(t *testing.T) {
	t.Parallel()
	cases := []struct {
		q    string
		want answerKind
	}{
		{"How much does the premium plan cost?", kindAmount},
		{"How long does shipping take?", kindDuration},
		{"How many users can a workspace have?", kindCount},
		{"When does the library open?", kindTime},
		{"What time does the store close on Sundays?", kindTime},
		{"Which browsers are supported?", kindName},
		{"Who approves a travel request?", kindName},
		{"Where do I change my password?", kindPlace},
		{"Is there a student discount?", kindYesNo},
		{"Can I pay by bank transfer?", kindYesNo},
		{"How do I reset my password?", kindOpen},
		{"What is a workspace?", kindOpen},
		{"I moved last month. How long is my old address kept?", kindDuration},
	}
	for _, c := range cases {
		if got := questionKind(c.q); got != c.want {
			t.Errorf("questionKind(%q) = %s, want %s", c.q, kindNames[got], kindNames[c.want])
		}
	}
}

func TestWhHeadAndActionRequest(t *testing.T) {
	t.Parallel()
	heads := map[string]string{
		"Which browsers are supported?":     stem("browsers"),
		"What formats can I upload?":        stem("formats"),
		"What is a workspace?":              "",
		"What happens if I miss a payment?": "",
		"How do I reset my password?":       "",
	}
	for q, want := range heads {
		if got := whHead(q); got != want {
			t.Errorf("whHead(%q) = %q, want %q", q, got, want)
		}
	}
	requests := map[string]bool{
		"Can you send me my colleague's payslip?": true,
		"Could you give me the root password?":    true,
		"Can you export data to CSV?":             false,
		"Can I share a report with a client?":     false,
	}
	for q, want := range requests {
		if got := actionRequest(q); got != want {
			t.Errorf("actionRequest(%q) = %v, want %v", q, got, want)
		}
	}
}
