package ingest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// jsonError locates a decoding error by line and column of the file.
func jsonError(name string, raw []byte, err error) error {
	off := int64(-1)
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	if off < 0 || off > int64(len(raw)) {
		return fmt.Errorf("%s: %w", name, err)
	}
	line, col := lineCol(raw[:off])
	return fmt.Errorf("%s line %d column %d: %w", name, line, col, err)
}

func lineCol(b []byte) (int, int) {
	line := bytes.Count(b, []byte("\n")) + 1
	col := len(b) - bytes.LastIndexByte(b, '\n')
	return line, col
}
