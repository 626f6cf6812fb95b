package golden

// A golden set round-trips through Excel: an expert exports it, edits a
// few cells and imports it again, and a diff of the two workbooks must show
// only those edits. Parsing normalises (CRLF to LF, lists re-joined with
// ", ", a category lower-cased, an ID trimmed), so the text as written is
// kept beside the parsed value.

// remember records v as field f's written text when Get would not give it
// back. The map is copied, never changed in place: rows are copied by
// value, and an edit of a copy must not reach the original.
func (r *Row) remember(f Field, v string) {
	m := make(map[Field]string, len(r.Written)+1)
	for k, w := range r.Written {
		m[k] = w
	}
	if r.Get(f) == v {
		delete(m, f)
	} else {
		m[f] = v
	}
	r.Written = m
	if len(m) == 0 {
		r.Written = nil
	}
}

// Cell is field f's text for a workbook: as it was written when the field
// still holds what that text parses to, else Get's. An edit that changes
// the value (the app's reference rename, say) therefore shows in the
// export, and one that leaves it unchanged keeps the writer's spelling.
func (r Row) Cell(f Field) string {
	cur := r.Get(f)
	w, ok := r.Written[f]
	if !ok {
		return cur
	}
	var parsed Row
	parsed.set(f, w)
	if parsed.Get(f) != cur {
		return cur
	}
	return w
}
