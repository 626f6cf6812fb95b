package cli

import (
	"fmt"
	"io"
	"strings"

	"continuity/backend/audit"
)

// writeAuditText prints conflicts grouped per pair of documents:
//
//	conflict: help-refund-policy (2026-03-14, newer) vs help-refund-policy-old (2023-05-02)
//	  "…within 30 days…" vs "…within 14 days…"  [30 days ≠ 14 days]  confidence 0.93
func writeAuditText(w io.Writer, rep audit.Report) {
	var pair string
	for _, c := range rep.Conflicts {
		if p := c.A.DocID + "\x00" + c.B.DocID; p != pair {
			pair = p
			fmt.Fprintf(w, "conflict: %s vs %s\n", side(c.A, c.Newer == "a"), side(c.B, c.Newer == "b"))
		}
		fmt.Fprintf(w, "  %s says %q\n", c.A.DocID, flatQuote(c.A.Quote))
		if len(c.A.Flags) > 0 {
			fmt.Fprintf(w, "    flags: %s\n", strings.Join(c.A.Flags, ", "))
		}
		fmt.Fprintf(w, "  %s says %q\n", c.B.DocID, flatQuote(c.B.Quote))
		vals := make([]string, 0, len(c.Values))
		for _, v := range c.Values {
			vals = append(vals, v.A+" ≠ "+v.B)
		}
		fmt.Fprintf(w, "  differs: %s; confidence %.2f; key %s", strings.Join(vals, ", "), c.Confidence, c.Key)
		if c.Status != audit.StatusOpen {
			fmt.Fprintf(w, "; %s", c.Status)
			if c.StatusNote != "" {
				fmt.Fprintf(w, ": %s", flatQuote(c.StatusNote))
			}
		}
		fmt.Fprintln(w)
	}
	k := rep.Checked
	fmt.Fprintf(w, "%d conflict(s); %d document(s) audited (%d checked in full, %d against changed pages, %d from cache), %d claim(s) checked\n",
		len(rep.Conflicts), k.Documents, k.Full, k.Partial, k.Reused, k.Claims)
	fmt.Fprintf(w, "engine %s, model %s, sentences %s\n", rep.Engine, rep.Model, auditOrUnknown(rep.EmbedModel))
	if n := len(rep.ChangedFacts); n > 0 {
		fmt.Fprintf(w, "%d published fact(s) changed; continuity changes lists them\n", n)
	}
}

// side names a document with its title, date and whether it is newer.
func side(s audit.Statement, newer bool) string {
	var parts []string
	if s.Date != "" {
		parts = append(parts, s.Date)
	} else {
		parts = append(parts, "date unknown")
	}
	if newer {
		parts = append(parts, "newer")
	}
	return fmt.Sprintf("%s %q (%s)", s.DocID, s.Title, strings.Join(parts, ", "))
}

func flatQuote(s string) string { return strings.Join(strings.Fields(s), " ") }

func auditOrUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}
