package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"continuity/backend/retrieval"
)

func searchCommand() *Command {
	return &Command{
		Name:    "search",
		Args:    "QUERY",
		Summary: "search the published corpus (hybrid BM25 + vector)",
		Help: `Prints the top chunks for QUERY. With --queries FILE.jsonl (lines {"_id","text"},
"-" for stdin) prints one JSON line per query: {"query_id","hits":[...]}.
The index is synced with the workspace first (cheap when nothing changed; changes are said on stderr).`,
		Flags: func(fs *flag.FlagSet) RunFunc {
			k := fs.Int("k", 10, "number of hits")
			mode := fs.String("mode", "hybrid", "ranking: hybrid, bm25 or vector")
			queries := fs.String("queries", "", "JSONL file of queries ({\"_id\",\"text\"} per line)")
			return func(ctx context.Context, env *Env, args []string) error {
				return runSearchCommand(ctx, env, args, *k, *mode, *queries)
			}
		},
	}
}

func runSearchCommand(ctx context.Context, env *Env, args []string, k int, mode, queries string) error {
	m, err := retrieval.ParseMode(mode)
	if err != nil {
		return Usagef("%v", err)
	}
	if k <= 0 || k > 1000 {
		return Usagef("--k must be between 1 and 1000, got %d", k)
	}
	if (queries == "") == (len(args) == 0) {
		return Usagef("search needs a QUERY or --queries FILE, not both")
	}
	ix, err := searchIndex(ctx, env)
	if err != nil {
		return err
	}
	if queries != "" {
		return runQueryFile(ctx, env, ix, queries, k, m)
	}
	return runSearch(ctx, env, ix, strings.Join(args, " "), k, m)
}

type hitJSON struct {
	Rank       int     `json:"rank"`
	DocID      string  `json:"doc_id"`
	ChunkID    string  `json:"chunk_id"`
	Title      string  `json:"title"`
	Score      float64 `json:"score"`
	BM25Rank   *int    `json:"bm25_rank"`
	VectorRank *int    `json:"vector_rank"`
	Text       string  `json:"text"`
}

func toHitJSON(hits []retrieval.Hit) []hitJSON {
	out := make([]hitJSON, 0, len(hits))
	rank := func(r int) *int {
		if r == 0 {
			return nil
		}
		return &r
	}
	for _, h := range hits {
		out = append(out, hitJSON{Rank: h.Rank, DocID: h.DocID, ChunkID: h.ChunkID, Title: h.Title, Score: h.Score,
			BM25Rank: rank(h.BM25Rank), VectorRank: rank(h.VectorRank), Text: h.Text})
	}
	return out
}

// searchIndex opens the index synced with the workspace. Readers always
// sync first: a stale index answers confidently wrong, and a sync of an
// unchanged corpus only compares hashes. Changes are reported on stderr.
func searchIndex(ctx context.Context, env *Env) (*retrieval.Index, error) {
	s, err := env.Session(ctx)
	if err != nil {
		return nil, err
	}
	ix, rep, err := s.FreshIndex(ctx, progressBar(env))
	if err != nil {
		return nil, err
	}
	for _, r := range ix.Repairs {
		fmt.Fprintf(env.Stderr, "index repaired: %s\n", r)
	}
	if rep.Added+rep.Updated+rep.Removed > 0 {
		reportSync(env, rep)
	}
	return ix, nil
}

// reportSync says on stderr what a sync before a read changed.
func reportSync(env *Env, rep retrieval.Report) {
	fmt.Fprintf(env.Stderr, "index synced: %d added, %d updated, %d removed\n", rep.Added, rep.Updated, rep.Removed)
}

func runSearch(ctx context.Context, env *Env, ix *retrieval.Index, q string, k int, m retrieval.Mode) error {
	hits, err := ix.Search(ctx, q, k, m)
	if err != nil {
		return err
	}
	if env.JSON {
		return env.WriteJSON(map[string]any{"query": q, "mode": m, "hits": toHitJSON(hits)})
	}
	if len(hits) == 0 {
		fmt.Fprintln(env.Stdout, "no results")
	}
	for _, h := range toHitJSON(hits) {
		fmt.Fprintf(env.Stdout, "%2d. %s  (%s, score %.4f, bm25 %s, vector %s)\n    %s\n", h.Rank, h.Title, h.ChunkID, h.Score,
			rankText(h.BM25Rank), rankText(h.VectorRank), snippet(h.Text, 160))
	}
	return nil
}

func rankText(r *int) string {
	if r == nil {
		return "-"
	}
	return fmt.Sprint(*r)
}

func snippet(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// maxQueryLine bounds one line of a --queries file.
const maxQueryLine = 16 << 20

func runQueryFile(ctx context.Context, env *Env, ix *retrieval.Index, path string, k int, m retrieval.Mode) error {
	r := env.Stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return fmt.Errorf("queries: %w", err)
		}
		defer f.Close()
		r = f
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxQueryLine)
	enc := json.NewEncoder(env.Stdout)
	enc.SetEscapeHTML(false)
	line := 0
	for sc.Scan() {
		line++
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var q struct {
			ID   *string `json:"_id"`
			Text *string `json:"text"`
		}
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			return fmt.Errorf("%s line %d: %w", path, line, err)
		}
		if q.ID == nil || q.Text == nil {
			return fmt.Errorf("%s line %d: need string fields \"_id\" and \"text\"", path, line)
		}
		hits, err := ix.Search(ctx, *q.Text, k, m)
		if err != nil {
			return fmt.Errorf("%s line %d: %w", path, line, err)
		}
		if err := enc.Encode(map[string]any{"query_id": *q.ID, "hits": toHitJSON(hits)}); err != nil {
			return err
		}
	}
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		return fmt.Errorf("%s line %d: longer than %d MiB; one query per line", path, line+1, maxQueryLine>>20)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s line %d: %w", path, line+1, err)
	}
	return nil
}
