package retrieval

import (
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

type execer interface {
	ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error)
}

func setState(ctx context.Context, x execer, key, value string) error {
	_, err := x.ExecContext(ctx, `INSERT INTO index_state(key, value) VALUES(?, ?)
		ON CONFLICT(key) DO UPDATE SET value = excluded.value`, key, value)
	if err != nil {
		return fmt.Errorf("index state %s: %w", key, err)
	}
	return nil
}

func (ix *Index) state(ctx context.Context, key string) (string, error) {
	var v string
	err := ix.db.Writer().QueryRowContext(ctx, `SELECT value FROM index_state WHERE key = ?`, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("index state %s: %w", key, err)
	}
	return v, nil
}

// setStates writes several state keys in one transaction.
func (ix *Index) setStates(ctx context.Context, kv [][2]string) error {
	return ix.db.Tx(ctx, func(tx *sql.Tx) error {
		for _, p := range kv {
			if err := setState(ctx, tx, p[0], p[1]); err != nil {
				return err
			}
		}
		return nil
	})
}

func encodeVec(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[i*4:], math.Float32bits(x))
	}
	return b
}

func decodeVec(b []byte, dim int) ([]float32, error) {
	if len(b) != 4*dim {
		return nil, fmt.Errorf("stored vector has %d bytes, want %d", len(b), 4*dim)
	}
	v := make([]float32, dim)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[i*4:]))
	}
	return v, nil
}

// decodeVecInto decodes into buf's storage (reused between rows).
func decodeVecInto(buf []float32, b []byte, dim int) ([]float32, error) {
	if len(b) != 4*dim {
		return buf, fmt.Errorf("stored vector has %d bytes, want %d", len(b), 4*dim)
	}
	if cap(buf) < dim {
		buf = make([]float32, dim)
	}
	buf = buf[:dim]
	for i := range buf {
		buf[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[i*4:]))
	}
	return buf, nil
}
