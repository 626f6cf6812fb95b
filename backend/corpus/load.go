package corpus

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"
)

// ErrNoText means a file has no visible text (only markup, scripts or
// white space).
var ErrNoText = errors.New("no visible text")

// MaxFileBytes bounds a single document; larger files are skipped with a warning.
const MaxFileBytes = 20 << 20

var exts = map[string]string{".md": "md", ".markdown": "md", ".html": "html", ".htm": "html", ".txt": "txt"}

// File is a candidate document found by Scan, with the stat data a sync
// compares to skip unchanged files without reading them.
type File struct {
	Rel     string // relative to the root, forward slashes
	Abs     string
	Kind    string // "md", "html" or "txt"
	Size    int64
	ModTime int64 // nanoseconds since the epoch
}

// Load walks root and parses every document file. Unreadable, binary,
// non-UTF-8 or empty files become warnings. Documents of every status are
// returned; callers filter with Indexable.
func Load(ctx context.Context, root string) ([]Document, []Warning, error) {
	files, warns, err := Scan(ctx, root)
	if err != nil {
		return nil, nil, err
	}
	var docs []Document
	seen := map[string]string{}
	for _, f := range files {
		if ctx.Err() != nil {
			return nil, nil, fmt.Errorf("scan %s: %w", root, ctx.Err())
		}
		doc, w := ReadFile(f)
		if w != nil {
			warns = append(warns, *w)
			continue
		}
		if w := CheckDocument(doc, seen); w != nil {
			warns = append(warns, *w)
			if doc.Indexable() {
				continue
			}
		}
		docs = append(docs, doc)
	}
	return docs, warns, nil
}

// CheckDocument warns about an unknown status or a duplicate ID; seen maps
// the IDs of published documents met so far to their paths and is updated.
// A duplicate published document must be skipped.
func CheckDocument(doc Document, seen map[string]string) *Warning {
	if !knownStatus(doc.Status) {
		return &Warning{Path: doc.Path, Message: fmt.Sprintf("unknown status %q; treated as unpublished", doc.Status)}
	}
	if !doc.Indexable() {
		return nil
	}
	if prev, dup := seen[doc.ID]; dup {
		return &Warning{Path: doc.Path, Message: fmt.Sprintf("duplicate document id %q (also %s); skipped", doc.ID, prev)}
	}
	seen[doc.ID] = doc.Path
	return nil
}

// Scan walks root and lists the document files in path order without
// reading them. Unreadable entries become warnings.
func Scan(ctx context.Context, root string) ([]File, []Warning, error) {
	r, err := ScanAll(ctx, root)
	return r.Files, r.Warnings, err
}

// ScanAll is Scan that also lists every file and folder it leaves out,
// with the reason, and applies the workspace's ignore rules.
func ScanAll(ctx context.Context, root string) (ScanResult, error) {
	st, err := os.Stat(root)
	if err != nil {
		return ScanResult{}, fmt.Errorf("corpus %s: %w", root, err)
	}
	if !st.IsDir() {
		return ScanResult{}, fmt.Errorf("corpus %s: not a directory", root)
	}
	lay := layoutOf(root)
	rules, bad, err := LoadIgnore(lay.wsRoot)
	if err != nil {
		return ScanResult{}, fmt.Errorf("corpus %s: %w", root, err)
	}
	res := ScanResult{Ignore: rules, prefix: lay.prefix}
	for _, e := range bad {
		// The rule file sits at the workspace root, beside content/.
		res.Warnings = append(res.Warnings, Warning{Path: IgnoreFile, Message: fmt.Sprintf("line %d: %s; line ignored", e.Line, e.Message)})
	}
	if lay.contentDir {
		res.Skipped = append(res.Skipped, lay.beside()...)
	}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if p == root && err == nil {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		return res.visit(lay, rel, p, d, err)
	})
	if err != nil {
		return ScanResult{}, fmt.Errorf("scan %s: %w", root, err)
	}
	sort.Slice(res.Files, func(i, j int) bool { return res.Files[i].Rel < res.Files[j].Rel })
	sort.SliceStable(res.Skipped, func(i, j int) bool { return res.Skipped[i].Path < res.Skipped[j].Path })
	return res, nil
}

// visit sorts one walked entry into a candidate, a skip or a warning.
func (r *ScanResult) visit(lay layout, rel, p string, d fs.DirEntry, err error) error {
	wsRel := lay.prefix + rel
	skip := func(reason SkipReason, detail string) {
		suffix := ""
		if d != nil && d.IsDir() {
			suffix = "/"
		}
		r.Skipped = append(r.Skipped, Skipped{Path: wsRel + suffix, Reason: reason, Detail: detail})
	}
	if err != nil {
		r.Warnings = append(r.Warnings, Warning{Path: rel, Message: "unreadable: " + err.Error()})
		skip(SkipUnreadable, err.Error())
		if d != nil && d.IsDir() {
			return filepath.SkipDir
		}
		return nil
	}
	rule, ignored := r.Ignore.Match(wsRel, d.IsDir())
	hidden := strings.HasPrefix(d.Name(), ".")
	if d.IsDir() {
		switch {
		case ignored && !r.Ignore.mayReinclude(wsRel):
			skip(SkipIgnored, rule.String())
		case ignored:
			return nil // a negated rule may bring back files inside
		case hidden:
			skip(SkipIgnored, "hidden folder (name starts with a dot)")
		case !lay.contentDir && rel == "drafts":
			skip(SkipWorkspaceFile, "drafts folder; drafts are checked, not published")
		default:
			return nil
		}
		return filepath.SkipDir
	}
	kind, ok := exts[strings.ToLower(filepath.Ext(p))]
	if ignored {
		skip(SkipIgnored, rule.String())
		return nil
	}
	if !lay.contentDir && rel == IgnoreFile {
		skip(SkipWorkspaceFile, "ignore rules")
		return nil
	}
	if hidden {
		skip(SkipIgnored, "hidden file (name starts with a dot)")
		return nil
	}
	if !ok {
		r.Skipped = append(r.Skipped, r.Located(unsupported(rel)))
		return nil
	}
	if !lay.contentDir {
		if why, ws := rootWorkspaceFile(rel, p); ws {
			skip(SkipWorkspaceFile, why)
			return nil
		}
	}
	if !d.Type().IsRegular() {
		r.Warnings = append(r.Warnings, Warning{Path: rel, Message: "not a regular file; skipped"})
		skip(SkipNotRegular, "not a regular file (a link, device or socket)")
		return nil
	}
	info, err := d.Info()
	if err != nil {
		r.Warnings = append(r.Warnings, Warning{Path: rel, Message: "unreadable: " + err.Error()})
		skip(SkipUnreadable, err.Error())
		return nil
	}
	r.Files = append(r.Files, File{Rel: rel, Abs: p, Kind: kind, Size: info.Size(), ModTime: info.ModTime().UnixNano()})
	return nil
}

// ReadFile reads and parses one scanned file; problems come back as a
// located warning, never an error.
func ReadFile(f File) (Document, *Warning) {
	doc, s := ReadDocument(f)
	if s != nil {
		w := s.Warning(f.Rel)
		return doc, &w
	}
	return doc, nil
}

// ReadDocument is ReadFile with the problem as a typed skip (its path
// relative to the scanned root; ScanResult.Located places it).
func ReadDocument(f File) (Document, *Skipped) { return loadFile(f.Abs, f.Rel, f.Kind) }

func loadFile(p, rel, kind string) (Document, *Skipped) {
	info, err := os.Stat(p)
	if err != nil {
		return Document{}, &Skipped{Path: rel, Reason: SkipUnreadable, Detail: "unreadable: " + err.Error()}
	}
	if info.Size() > MaxFileBytes {
		return Document{}, &Skipped{Path: rel, Reason: SkipTooLarge, Detail: fmt.Sprintf("file is %d bytes, over the %d limit; skipped", info.Size(), MaxFileBytes)}
	}
	raw, err := os.ReadFile(p)
	if err != nil {
		return Document{}, &Skipped{Path: rel, Reason: SkipUnreadable, Detail: "unreadable: " + err.Error()}
	}
	doc, err := Parse(rel, kind, raw)
	if err != nil {
		return Document{}, &Skipped{Path: rel, Reason: SkipUnreadable, Detail: err.Error()}
	}
	return doc, nil
}

// Parse turns one file's bytes into a Document. kind is "md", "html" or "txt".
func Parse(rel, kind string, raw []byte) (Document, error) {
	if bytes.IndexByte(raw, 0) >= 0 {
		return Document{}, fmt.Errorf("binary file (NUL byte at offset %d); skipped", bytes.IndexByte(raw, 0))
	}
	if !utf8.Valid(raw) {
		off := firstInvalidUTF8(raw)
		return Document{}, fmt.Errorf("not UTF-8 (invalid byte at line %d, offset %d); skipped", bytes.Count(raw[:off], []byte("\n"))+1, off)
	}
	doc := Document{Path: rel, ID: rel, Hash: hashBytes(raw)}
	var err error
	switch kind {
	case "md":
		err = parseMarkdown(&doc, raw)
	case "html":
		parseHTML(&doc, raw)
	default:
		parsePlain(&doc, raw)
	}
	if err != nil {
		return Document{}, err
	}
	if len(doc.Blocks) == 0 {
		return Document{}, fmt.Errorf("%w; skipped", ErrNoText)
	}
	if doc.Title == "" {
		for _, b := range doc.Blocks {
			if b.Heading {
				doc.Title = b.Text
				break
			}
		}
	}
	if doc.Title == "" {
		base := rel[strings.LastIndex(rel, "/")+1:]
		doc.Title = strings.TrimSuffix(base, filepathExt(base))
	}
	doc.Text = joinBlocks(doc.Blocks)
	return doc, nil
}

func filepathExt(s string) string {
	if i := strings.LastIndex(s, "."); i > 0 {
		return s[i:]
	}
	return ""
}

func firstInvalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(b)
}
