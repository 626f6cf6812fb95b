package lexical

import "fmt"

// Has says whether a chunk is in the index; index verification compares
// it with the registry without trusting the document count alone.
func (ix *Index) Has(id string) (ok bool, err error) {
	if err := ix.check(); err != nil {
		return false, err
	}
	defer ix.guardRead(&err)
	d, err := ix.bi.Document(id)
	if err != nil {
		return false, fmt.Errorf("lexical document %s: %w", id, err)
	}
	return d != nil, nil
}
