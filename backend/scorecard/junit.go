package scorecard

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"continuity/backend/eval"
)

// JUnit XML in the shape CI servers read (Jenkins, GitLab, GitHub actions).
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Failure   *junitProblem `xml:"failure,omitempty"`
	Error     *junitProblem `xml:"error,omitempty"`
	Skipped   *junitProblem `xml:"skipped,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Text    string `xml:",chardata"`
}

// WriteJUnit writes one test case per metric gate (suite "gates") and one
// per question (suite "questions").
func WriteJUnit(w io.Writer, sc *Scorecard) error {
	gates := junitSuite{Name: "gates"}
	for _, m := range eval.AllMetrics {
		s := sc.Metrics[string(m)]
		if s.Threshold == nil {
			continue
		}
		c := junitCase{Name: string(m), Classname: "eval.gate"}
		switch s.Status() {
		case StatusPass:
			c.SystemOut = fmt.Sprintf("mean %.3f >= threshold %.2f (%d measured, %d not measured)", *s.Mean, *s.Threshold, s.Measured, s.NotMeasured)
		case StatusFail:
			c.Failure = &junitProblem{Type: "below_threshold", Message: fmt.Sprintf("mean %.3f < threshold %.2f (%d measured)", *s.Mean, *s.Threshold, s.Measured)}
			gates.Failures++
		default:
			c.Skipped = &junitProblem{Message: fmt.Sprintf("not measured on any of %d questions", s.NotMeasured)}
			gates.Skipped++
		}
		gates.Cases = append(gates.Cases, c)
	}
	errCase := junitCase{Name: "no_errors", Classname: "eval.gate"}
	if sc.Errors > 0 {
		errCase.Failure = &junitProblem{Type: "errors", Message: fmt.Sprintf("%d question(s) failed with an error", sc.Errors)}
		gates.Failures++
	}
	gates.Cases = append(gates.Cases, errCase)
	gates.Tests = len(gates.Cases)

	qs := junitSuite{Name: "questions"}
	for _, q := range sc.Questions {
		c := junitCase{Name: q.ID, Classname: "eval.question." + q.Category, SystemOut: "Q: " + q.Question + "\nA: " + q.Answer}
		switch q.Status() {
		case QuestionError:
			c.Error = &junitProblem{Type: "error", Message: q.Error}
			qs.Errors++
		case QuestionFail:
			c.Failure = questionFailure(q)
			qs.Failures++
		}
		if ch, ok := sc.Baseline.ContradictionOf(q.ID); ok && c.Error == nil {
			if c.Failure == nil {
				qs.Failures++ // not already counted as below threshold
			}
			c.Failure = contradictionFailure(c.Failure, ch, sc.Baseline.BaselineRunID)
		}
		qs.Cases = append(qs.Cases, c)
	}
	qs.Tests = len(qs.Cases)
	out := junitSuites{Name: "continuity eval " + sc.Run.ID, Suites: []junitSuite{gates, qs},
		Tests: gates.Tests + qs.Tests, Failures: gates.Failures + qs.Failures, Errors: qs.Errors}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return fmt.Errorf("write junit: %w", err)
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return fmt.Errorf("write junit: %w", err)
	}
	return enc.Close()
}

// questionFailure says why a failing question failed: the scores below
// their thresholds, else the answer where a refusal was due.
func questionFailure(q QuestionRow) *junitProblem {
	if c := q.ApprovedContradicted; c != nil {
		return &junitProblem{Type: "approved_contradicted", Message: ApprovedContradictedFailure(q.ID, *c)}
	}
	if len(q.Below) == 0 {
		return &junitProblem{Type: "not_refused", Message: "answered a question the corpus does not cover"}
	}
	var parts []string
	for _, m := range q.Below {
		parts = append(parts, fmt.Sprintf("%s %.2f", m, q.Scores[m]))
	}
	return &junitProblem{Type: "below_threshold", Message: "below threshold: " + strings.Join(parts, ", ")}
}

const typeContradicts = "contradicts_approved"

// contradictionFailure is the failure of a question whose answer now
// contradicts its approved answer, naming the contradicted claims first;
// a failure the question already had follows in the message.
func contradictionFailure(prev *junitProblem, ch QuestionChange, baseline string) *junitProblem {
	quoted := make([]string, len(ch.ContradictedClaims))
	for i, c := range ch.ContradictedClaims {
		quoted[i] = fmt.Sprintf("%q", c)
	}
	msg := fmt.Sprintf("answer now contradicts the approved answer (baseline %s): %s", baseline, strings.Join(quoted, ", "))
	if prev != nil {
		msg += "; " + prev.Message
	}
	return &junitProblem{Type: typeContradicts, Message: msg}
}
