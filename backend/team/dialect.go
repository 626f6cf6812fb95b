package team

import (
	"strconv"
	"strings"
)

// Dialect is the database engine under a Store. The queries are written
// once with ? placeholders; only the engine's placeholder syntax, its
// migrations and how two servers starting together serialise differ.
type Dialect string

const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// bind rewrites ? placeholders for the engine. The queries here hold no
// string literal containing '?', so a plain scan is exact.
func (d Dialect) bind(q string) string {
	if d != Postgres {
		return q
	}
	var b strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// migrationLock is run first in the migration transaction: PostgreSQL
// serialises servers that start together on one database; SQLite's write
// transaction already does.
func (d Dialect) migrationLock() string {
	if d == Postgres {
		return "SELECT pg_advisory_xact_lock(7434001)"
	}
	return ""
}
