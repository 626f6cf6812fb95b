// Package draftfile reads a writer's draft from a file in any of the
// formats writers keep drafts in (Markdown, plain text, HTML, Word .docx)
// and turns it into the Markdown every check reads.
//
// Drafts come from anywhere (a dialog, a drop on the window, a paste, a CI
// job), so every input is hostile until read: sizes are bounded before
// anything is allocated for them, archives are read through limited
// readers, and every failure is one of the sentinel errors below, wrapped
// with the file's name.
package draftfile

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// Formats of a Draft.
const (
	FormatMarkdown = "md"
	FormatText     = "txt"
	FormatHTML     = "html"
	FormatDocx     = "docx"
)

// Limits. A draft is a document a person wrote: 20 MB is far above any
// real one and far below what could hurt the process.
const (
	// MaxFileSize bounds a draft file as stored (a .docx compressed).
	MaxFileSize = 20 << 20
	// MaxUnpacked bounds the bytes read out of a .docx archive in all,
	// whatever its entries claim: the zip-bomb bound.
	MaxUnpacked = 50 << 20
)

// Sentinel errors callers branch on; each comes wrapped with the file's
// name and the particulars.
var (
	ErrTooLarge    = errors.New("draft too large")
	ErrBinary      = errors.New("not a text file")
	ErrNotDocx     = errors.New("not a Word document")
	ErrUnsupported = errors.New("unsupported draft format")
)

// Draft is a draft read from a file.
type Draft struct {
	Name     string // the file's base name
	Format   string // FormatMarkdown, FormatText, FormatHTML or FormatDocx
	Markdown string // the draft as Markdown, valid UTF-8, LF line ends
}

// extensions maps each accepted extension to its format, in the order
// error messages list them.
var extensions = []struct{ ext, format string }{
	{".md", FormatMarkdown}, {".markdown", FormatMarkdown}, {".txt", FormatText},
	{".html", FormatHTML}, {".htm", FormatHTML}, {".docx", FormatDocx},
}

// Extensions lists the accepted file extensions (with the dot), for
// dialogs' filters and messages.
func Extensions() []string {
	out := make([]string, 0, len(extensions))
	for _, e := range extensions {
		out = append(out, e.ext)
	}
	return out
}

// FormatOf is the format of a file name by its extension, or an
// ErrUnsupported error naming the file and the extensions accepted.
func FormatOf(name string) (string, error) {
	ext := strings.ToLower(filepath.Ext(name))
	for _, e := range extensions {
		if e.ext == ext {
			return e.format, nil
		}
	}
	return "", fmt.Errorf("%s: %w: a draft must be one of %s", displayName(name), ErrUnsupported, strings.Join(Extensions(), ", "))
}

// Read reads the draft file at path; errors name path as given. The
// extension is checked before the file is opened and the size before it
// is read, so neither a wrong kind of file nor a huge one costs more than
// a stat.
func Read(ctx context.Context, path string) (Draft, error) {
	name := path
	format, err := FormatOf(path)
	if err != nil {
		return Draft{}, err
	}
	f, err := os.Open(path)
	if err != nil {
		return Draft{}, err // an *fs.PathError, which names the path
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return Draft{}, err
	}
	if !st.Mode().IsRegular() {
		return Draft{}, fmt.Errorf("%s: %w: not a regular file", name, ErrUnsupported)
	}
	if st.Size() > MaxFileSize {
		return Draft{}, tooLarge(name, st.Size())
	}
	// the file may grow after the stat: read one byte past the limit to see
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return Draft{}, fmt.Errorf("%s: %w", name, err)
	}
	if err := ctx.Err(); err != nil {
		return Draft{}, err
	}
	return convert(ctx, name, format, data)
}

// Convert turns the bytes of a file called name into a Draft; the
// extension of name says the format, and errors name it.
func Convert(name string, data []byte) (Draft, error) {
	format, err := FormatOf(name)
	if err != nil {
		return Draft{}, err
	}
	return convert(context.Background(), name, format, data)
}

// ConvertAs is Convert for bytes whose format is known some other way
// (standard input sniffed as HTML, say); name is only for messages.
func ConvertAs(ctx context.Context, name, format string, data []byte) (Draft, error) {
	switch format {
	case FormatMarkdown, FormatText, FormatHTML, FormatDocx:
	default:
		return Draft{}, fmt.Errorf("%s: %w: format %q", displayName(name), ErrUnsupported, format)
	}
	return convert(ctx, name, format, data)
}

func convert(ctx context.Context, name, format string, data []byte) (Draft, error) {
	if len(data) > MaxFileSize {
		return Draft{}, tooLarge(name, int64(len(data)))
	}
	d := Draft{Name: filepath.Base(name), Format: format}
	var err error
	switch format {
	case FormatDocx:
		d.Markdown, err = docxToMarkdown(ctx, name, data)
	case FormatHTML:
		var s string
		if s, err = textOf(name, data); err == nil {
			d.Markdown, err = htmlToMarkdown(ctx, name, s)
		}
	default:
		d.Markdown, err = textOf(name, data)
	}
	if err != nil {
		return Draft{}, err
	}
	return d, nil
}

// textOf checks that data is text and gives it with LF line ends and no
// byte-order mark.
func textOf(name string, data []byte) (string, error) {
	if !utf8.Valid(data) {
		return "", fmt.Errorf("%s: %w: it is not UTF-8 (save it as UTF-8 text)", name, ErrBinary)
	}
	if looksBinary(data) {
		return "", fmt.Errorf("%s: %w: it holds NUL bytes, as binary files do", name, ErrBinary)
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	return normalizeNewlines(string(data)), nil
}

// looksBinary reports NUL bytes beyond a stray one. A single NUL in a
// text draft is an invisible character the checks already normalize away
// (the CLI's hostile-input suite keeps one); two in a row, or more than
// one in a thousand bytes, is UTF-16 or binary content.
func looksBinary(data []byte) bool {
	n := bytes.Count(data, []byte{0})
	return n > max(1, len(data)/1000) || bytes.Contains(data, []byte{0, 0})
}

// normalizeNewlines makes CRLF and lone CR line ends LF.
func normalizeNewlines(s string) string {
	if !strings.Contains(s, "\r") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

func tooLarge(name string, size int64) error {
	return fmt.Errorf("%s: %w: the file is %s; the limit is %s", name, ErrTooLarge, formatSize(size), formatSize(MaxFileSize))
}

// formatSize writes a byte count the way people read file sizes.
func formatSize(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

func displayName(name string) string {
	if name == "" {
		return "draft"
	}
	return name
}
