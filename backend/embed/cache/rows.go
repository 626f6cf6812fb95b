package cache

import (
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"time"
)

// pageSize bounds the hashes bound into one statement, well under SQLite's
// variable limit.
const pageSize = 500

// touchAfter is the last-used resolution: a hit is written back only when
// its stamp is older than this, so warm lookups stay read-only.
const touchAfter = int64(time.Minute / time.Second)

type entry struct {
	hash digest
	dim  int
	blob []byte
}

type found struct {
	vec   []float32
	stale bool // last-used stamp older than touchAfter
}

// lookup returns the valid rows among hashes and how many were damaged. On
// error it still returns what the pages before the failure found.
func (c *Cache) lookup(ctx context.Context, key []byte, hashes []digest, now int64) (map[digest]found, int, error) {
	out := make(map[digest]found, len(hashes))
	damaged := 0
	for start := 0; start < len(hashes); start += pageSize {
		page := hashes[start:min(start+pageSize, len(hashes))]
		args := make([]any, 0, len(page)+1)
		args = append(args, key)
		for i := range page {
			args = append(args, page[i][:])
		}
		if err := c.lookupPage(ctx, args, now, out, &damaged); err != nil {
			return out, damaged, fmt.Errorf("read embedding cache: %w", err)
		}
	}
	return out, damaged, nil
}

func (c *Cache) lookupPage(ctx context.Context, args []any, now int64, out map[digest]found, damaged *int) error {
	rows, err := c.db.Reader().QueryContext(ctx,
		`SELECT hash, dim, vec, used_at FROM vectors WHERE model = ? AND hash IN (`+marks(len(args)-1)+`)`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var h, blob []byte
		var dim, used int64
		if err := rows.Scan(&h, &dim, &blob, &used); err != nil {
			return err
		}
		vec, ok := decode(dim, blob)
		if !ok || len(h) != len(digest{}) {
			*damaged++ // a miss, overwritten by the write that follows
			continue
		}
		out[digest(h)] = found{vec: vec, stale: used < now-touchAfter}
	}
	return rows.Err()
}

// write stores fresh vectors, refreshes stale hits and enforces the bound,
// all in one transaction.
func (c *Cache) write(ctx context.Context, key []byte, fresh []entry, touch []digest, now int64) error {
	var evicted int
	var freed int64
	err := c.db.Tx(ctx, func(tx *sql.Tx) error {
		if len(fresh) > 0 {
			stmt, err := tx.PrepareContext(ctx, `INSERT INTO vectors(model, hash, dim, vec, used_at) VALUES(?, ?, ?, ?, ?)
				ON CONFLICT(model, hash) DO UPDATE SET dim = excluded.dim, vec = excluded.vec, used_at = excluded.used_at`)
			if err != nil {
				return err
			}
			defer stmt.Close()
			for _, f := range fresh {
				if _, err := stmt.ExecContext(ctx, key, f.hash[:], f.dim, f.blob, now); err != nil {
					return err
				}
			}
		}
		for start := 0; start < len(touch); start += pageSize {
			page := touch[start:min(start+pageSize, len(touch))]
			args := make([]any, 0, len(page)+2)
			args = append(args, now, key)
			for i := range page {
				args = append(args, page[i][:])
			}
			if _, err := tx.ExecContext(ctx, `UPDATE vectors SET used_at = ? WHERE model = ? AND hash IN (`+marks(len(page))+`)`, args...); err != nil {
				return err
			}
		}
		if len(fresh) == 0 {
			return nil // only stamps changed; the total did not grow
		}
		var err error
		evicted, freed, err = c.evict(ctx, tx)
		return err
	})
	if err != nil {
		return fmt.Errorf("write embedding cache: %w", err)
	}
	if evicted > 0 {
		c.log.Info("embedding cache over its bound; evicted least recently used vectors",
			"path", c.path, "evicted", evicted, "freed_bytes", freed, "max_bytes", c.max)
	}
	return nil
}

// evict deletes least-recently-used rows down to 90% of the bound, so that
// the next few writes do not each pay for an eviction.
func (c *Cache) evict(ctx context.Context, tx *sql.Tx) (int, int64, error) {
	var total int64
	if err := tx.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = 'bytes'`).Scan(&total); err != nil {
		return 0, 0, fmt.Errorf("read stored bytes: %w", err)
	}
	if total <= c.max {
		return 0, 0, nil
	}
	target := c.max - c.max/10
	rows, err := tx.QueryContext(ctx, `SELECT rowid, length(vec) FROM vectors ORDER BY used_at, rowid`)
	if err != nil {
		return 0, 0, fmt.Errorf("list eviction candidates: %w", err)
	}
	var ids []any
	var freed int64
	for total-freed > target && rows.Next() {
		var id, n int64
		if err := rows.Scan(&id, &n); err != nil {
			rows.Close()
			return 0, 0, fmt.Errorf("list eviction candidates: %w", err)
		}
		ids = append(ids, id)
		freed += n
	}
	// The rows must be closed before the deletes run on the same connection.
	if err := rows.Close(); err != nil {
		return 0, 0, fmt.Errorf("list eviction candidates: %w", err)
	}
	if err := rows.Err(); err != nil {
		return 0, 0, fmt.Errorf("list eviction candidates: %w", err)
	}
	for start := 0; start < len(ids); start += pageSize {
		page := ids[start:min(start+pageSize, len(ids))]
		if _, err := tx.ExecContext(ctx, `DELETE FROM vectors WHERE rowid IN (`+marks(len(page))+`)`, page...); err != nil {
			return 0, 0, fmt.Errorf("evict: %w", err)
		}
	}
	return len(ids), freed, nil
}

func marks(n int) string { return strings.Repeat(",?", n)[1:] }

// encode is float32 little-endian; false for vectors not worth keeping.
func encode(v []float32) ([]byte, bool) {
	if len(v) == 0 {
		return nil, false
	}
	b := make([]byte, 4*len(v))
	for i, x := range v {
		if !finite(x) {
			return nil, false
		}
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b, true
}

// decode rejects rows a crash, a bug or another version could have left
// malformed; the caller treats them as misses.
func decode(dim int64, b []byte) ([]float32, bool) {
	if dim <= 0 || int64(len(b)) != dim*4 {
		return nil, false
	}
	v := make([]float32, dim)
	for i := range v {
		x := math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
		if !finite(x) {
			return nil, false
		}
		v[i] = x
	}
	return v, true
}

func finite(x float32) bool {
	return !math.IsNaN(float64(x)) && !math.IsInf(float64(x), 0)
}
