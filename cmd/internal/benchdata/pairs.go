package benchdata

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
)

// PairRow is one row of ../shared/benchmarks/pairs (its README).
type PairRow struct {
	ID, Source, Split, Label, Claim, Evidence, Kind, File string
	HandbookDevPage                                       bool `json:"handbook_dev_page"`
}

// ReadPairs calls each for every row of a pairs file (.jsonl, or
// .jsonl.gz), naming the file and line of a row it cannot parse.
func ReadPairs(path string, each func(PairRow)) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		gz, err := gzip.NewReader(f)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		defer gz.Close()
		r = gz
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for line := 1; sc.Scan(); line++ {
		var row PairRow
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			return fmt.Errorf("%s:%d: %w", path, line, err)
		}
		each(row)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
