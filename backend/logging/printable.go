package logging

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// A file name, title or document ID comes from the workspace, so it can
// hold terminal controls: ESC clears the screen or recolours a CI log, CR
// overwrites the line, a newline forges one ("index CLEAN - 0 problems"),
// a bidi override reorders what is read. Text meant for a terminal or a log
// carries them only as escapes.

// unsafeRune tells whether r must never reach a terminal raw: C0 and C1
// controls, DEL, the line and paragraph separators and the bidi controls.
func unsafeRune(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r == 0x2028, r == 0x2029, r == 0x061c, r == 0x200e, r == 0x200f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// appendEscape writes r as an escape that reads the same in Go and in a
// JSON string, so a JSON log line stays valid JSON.
func appendEscape(b []byte, r rune) []byte {
	switch r {
	case '\n':
		return append(b, `\n`...)
	case '\t':
		return append(b, `\t`...)
	case '\r':
		return append(b, `\r`...)
	}
	return fmt.Appendf(b, `\u%04x`, r)
}

// escape appends s to b with every unsafe rune escaped, except those keep
// allows, and every byte that is not UTF-8 as \xNN.
func escape(b []byte, s []byte, keep func(rune) bool) []byte {
	for len(s) > 0 {
		r, n := utf8.DecodeRune(s)
		switch {
		case r == utf8.RuneError && n <= 1:
			b = fmt.Appendf(b, `\x%02x`, s[0])
			n = 1
		case unsafeRune(r) && !keep(r):
			b = appendEscape(b, r)
		default:
			b = append(b, s[:n]...)
		}
		s = s[n:]
	}
	return b
}

func keepNothing(rune) bool { return false }

// Escape is s fit for one line of text: every control (newline and tab
// too), bidi control and invalid byte is written as an escape (\n, \u001b,
// \u202e, \xff); anything else, backslashes included, is left as it is.
func Escape(s string) string {
	if !needsEscape(s) {
		return s
	}
	return string(escape(nil, []byte(s), keepNothing))
}

// Name is a file name or path fit to print: as it is when it is plain, else
// quoted in Go syntax, so an escaped name cannot be mistaken for a plain
// one that happens to contain a backslash.
func Name(s string) string {
	if !needsEscape(s) {
		return s
	}
	return strconv.Quote(s)
}

func needsEscape(s string) bool {
	if !utf8.ValidString(s) {
		return true
	}
	return strings.IndexFunc(s, unsafeRune) >= 0
}

// Printable is a writer for text streams (stdout, stderr, logs): it
// escapes what Escape does, keeping newlines and tabs, which the text's own
// lines and columns are made of. It is the net under every print; a value
// that may hold a newline still needs Escape or Name where it is printed.
type Printable struct {
	mu      sync.Mutex
	out     io.Writer
	pending []byte // the start of a rune split across writes
}

// NewPrintable wraps out.
func NewPrintable(out io.Writer) *Printable { return &Printable{out: out} }

func keepLayout(r rune) bool { return r == '\n' || r == '\t' }

// Write escapes p and writes it; it reports len(p), as the caller's bytes
// were all taken.
func (w *Printable) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	buf := append(w.pending, p...)
	w.pending = nil
	// A buffered writer upstream may cut a rune in two; keep its start for
	// the next write instead of escaping it as invalid bytes.
	if cut := incompleteTail(buf); cut > 0 {
		w.pending = append([]byte(nil), buf[len(buf)-cut:]...)
		buf = buf[:len(buf)-cut]
	}
	if len(buf) == 0 {
		return len(p), nil
	}
	_, err := w.out.Write(escape(make([]byte, 0, len(buf)+16), buf, keepLayout))
	return len(p), err
}

// Flush writes a rune start still waiting for the rest, escaped.
func (w *Printable) Flush() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.pending) == 0 {
		return nil
	}
	_, err := w.out.Write(escape(nil, w.pending, keepLayout))
	w.pending = nil
	return err
}

// incompleteTail is the length of a valid but unfinished UTF-8 sequence at
// the end of b, 0 when there is none.
func incompleteTail(b []byte) int {
	for i := 1; i <= utf8.UTFMax-1 && i <= len(b); i++ {
		c := b[len(b)-i]
		if c < 0x80 {
			return 0
		}
		if utf8.RuneStart(c) {
			if !utf8.FullRune(b[len(b)-i:]) {
				return i
			}
			return 0
		}
	}
	return 0
}
