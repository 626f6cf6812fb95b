package changed

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// JUnit XML in the shape CI servers read; one suite per changed page and
// one test case per changed paragraph, failed when a claim in it is
// contradicted. A page with nothing to check is one skipped case, so a
// deleted or unpublished page shows in the report instead of vanishing.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	File      string        `xml:"file,attr,omitempty"`
	Line      int           `xml:"line,attr,omitempty"`
	Failure   *junitProblem `xml:"failure,omitempty"`
	Skipped   *junitProblem `xml:"skipped,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Text    string `xml:",chardata"`
}

// WriteJUnit writes rep as JUnit XML.
func WriteJUnit(w io.Writer, rep Report) error {
	all := junitSuites{Name: "continuity check --changed"}
	for _, f := range rep.Files {
		s := junitSuite{Name: f.Path}
		if f.Skipped != "" || len(f.Paragraphs) == 0 {
			why := f.Skipped
			if why == "" {
				why = "no new or edited paragraphs"
			}
			s.Cases = append(s.Cases, junitCase{Name: f.Path, Classname: "continuity.changed", File: f.Path, Skipped: &junitProblem{Message: why}})
			s.Skipped++
		}
		for _, p := range f.Paragraphs {
			c := junitCase{Name: fmt.Sprintf("%s:%d-%d", f.Path, p.StartLine, p.EndLine), Classname: "continuity.changed",
				File: f.Path, Line: p.StartLine}
			var out, bad []string
			for _, cl := range p.Claims {
				out = append(out, fmt.Sprintf("%d:%d %s: %s", cl.Line, cl.Col, cl.Verdict, cl.Text))
				if cl.Verdict == "contradicted" {
					bad = append(bad, ContradictionLine(cl))
				}
			}
			c.SystemOut = strings.Join(out, "\n")
			if len(bad) > 0 {
				c.Failure = &junitProblem{Type: "contradicted", Message: fmt.Sprintf("%d claim(s) contradicted by the published corpus", len(bad)),
					Text: strings.Join(bad, "\n")}
				s.Failures++
			}
			s.Cases = append(s.Cases, c)
		}
		for _, d := range rep.Duplicates {
			if d.File == f.Path {
				s.Cases = append(s.Cases, junitCase{Name: f.Path + ": document id", Classname: "continuity.changed", File: f.Path,
					Failure: &junitProblem{Type: "duplicate_id", Message: DuplicateLine(d)}})
				s.Failures++
			}
		}
		s.Tests = len(s.Cases)
		all.Tests += s.Tests
		all.Failures += s.Failures
		all.Suites = append(all.Suites, s)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(all); err != nil {
		return fmt.Errorf("junit: %w", err)
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// ContradictionLine is the one-line form of a contradicted claim:
// file:line: contradicted: claim (corpus: doc#chunk "quote").
func ContradictionLine(c Claim) string {
	s := fmt.Sprintf("%s:%d: contradicted: %s", c.File, c.Line, oneLine(c.Text))
	if len(c.Evidence) > 0 {
		e := c.Evidence[0]
		s += fmt.Sprintf(" (corpus: %s %q)", e.ChunkID, oneLine(e.Quote))
	}
	return s
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// DuplicateLine is the one-line form of a duplicate document ID.
func DuplicateLine(d Duplicate) string {
	return fmt.Sprintf("%s: duplicate document id %q: %s is not in the index, %s holds the id; give one of them another id",
		d.File, d.ID, d.Skipped, d.Indexed)
}
