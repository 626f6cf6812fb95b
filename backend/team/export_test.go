package team

import (
	"context"
	"fmt"
	"strings"
)

// DumpTable renders every row of a table as text, for tests that look for
// what must never be stored.
func DumpTable(ctx context.Context, s *Store, table string) string {
	rows, err := s.db.QueryContext(ctx, "SELECT * FROM "+table)
	if err != nil {
		return "error: " + err.Error()
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var b strings.Builder
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return "error: " + err.Error()
		}
		fmt.Fprintln(&b, vals...)
	}
	return b.String()
}

// Reopen runs the migrations again on the store's database.
func Reopen(ctx context.Context, s *Store) (*Store, error) { return Open(ctx, s.db, s.d) }
