package golden

import (
	"context"
	"database/sql"
)

// AddRowLinked appends row like AddRow and runs link with the added row in
// the same transaction, so a caller recording where the row came from (a
// triage item, say) never ends up with one write and not the other.
// An error from link rolls the whole edit back.
func (r *Repo) AddRowLinked(ctx context.Context, name string, row Row, by string, link func(tx *sql.Tx, added Row) error) (Row, error) {
	var added Row
	_, err := r.mutateTx(ctx, name, by, func(tx *sql.Tx, rows []Row) ([]Row, string, error) {
		row.ID = NextID(rows)
		added = row.normalize()
		if err := link(tx, added); err != nil {
			return nil, "", err
		}
		return append(rows, added), "added " + row.ID, nil
	})
	if err != nil {
		return Row{}, err
	}
	return added, nil
}
