package mcpserver

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"continuity/backend/retrieval"
)

// maxQuery bounds a search query: a question, not a document.
const maxQuery = 4000

type searchInput struct {
	Query string `json:"query" jsonschema:"what to look for in the published corpus"`
	K     int    `json:"k,omitempty" jsonschema:"number of hits, 1 to 50 (default 10)"`
	Mode  string `json:"mode,omitempty" jsonschema:"ranking: hybrid (default), bm25 or vector"`
}

// searchHit is one hit, as "continuity search --json" prints it.
type searchHit struct {
	Rank       int     `json:"rank"`
	DocID      string  `json:"doc_id"`
	ChunkID    string  `json:"chunk_id"`
	Title      string  `json:"title"`
	URL        string  `json:"url,omitempty"`
	Score      float64 `json:"score"`
	BM25Rank   *int    `json:"bm25_rank"`   // null: not in the BM25 list
	VectorRank *int    `json:"vector_rank"` // null: not in the vector list
	Text       string  `json:"text"`
}

type searchOutput struct {
	Query string      `json:"query"`
	Mode  string      `json:"mode"`
	Hits  []searchHit `json:"hits"`
}

func (srv *Server) addSearch(ms *mcp.Server) error {
	in, err := inputSchema[searchInput](func(p map[string]*jsonschema.Schema) {
		p["query"].MinLength, p["query"].MaxLength = intPtr(1), intPtr(maxQuery)
		p["k"].Minimum, p["k"].Maximum = floatPtr(1), floatPtr(maxK)
		p["mode"].Enum = []any{string(retrieval.Hybrid), string(retrieval.BM25), string(retrieval.Vector)}
	})
	if err != nil {
		return err
	}
	mcp.AddTool(ms, &mcp.Tool{Name: "search_corpus", InputSchema: in, Annotations: readOnly("Search the published corpus"),
		Description: `Searches the team's published corpus (hybrid BM25 + vector ranking) and returns the best
passages with their document IDs, titles and both ranks.`},
		logged(srv.log, "search_corpus", srv.search))
	return nil
}

func (srv *Server) search(ctx context.Context, _ *mcp.CallToolRequest, in searchInput) (*mcp.CallToolResult, searchOutput, error) {
	var none searchOutput
	q := strings.TrimSpace(in.Query)
	if q == "" || len(q) > maxQuery {
		return nil, none, fmt.Errorf("query must be 1 to %d bytes", maxQuery)
	}
	k := in.K
	if k == 0 {
		k = 10
	}
	if k < 1 || k > maxK {
		return nil, none, fmt.Errorf("k must be between 1 and %d, got %d", maxK, in.K)
	}
	mode, err := retrieval.ParseMode(in.Mode)
	if err != nil {
		return nil, none, err
	}
	ix, synced, err := srv.sess.FreshIndex(ctx, nil)
	if ix != nil {
		srv.logIndex(ix.Repairs, synced)
	}
	if err != nil {
		return nil, none, fmt.Errorf("search_corpus: %w", err)
	}
	hits, err := ix.Search(ctx, q, k, mode)
	if err != nil {
		return nil, none, fmt.Errorf("search_corpus: %w", err)
	}
	out := searchOutput{Query: q, Mode: string(mode), Hits: make([]searchHit, 0, len(hits))}
	var b strings.Builder
	if len(hits) == 0 {
		b.WriteString("no results\n")
	}
	for _, h := range hits {
		out.Hits = append(out.Hits, searchHit{Rank: h.Rank, DocID: h.DocID, ChunkID: h.ChunkID, Title: h.Title, URL: h.URL,
			Score: h.Score, BM25Rank: rankOf(h.BM25Rank), VectorRank: rankOf(h.VectorRank), Text: h.Text})
		fmt.Fprintf(&b, "%d. %s (%s)\n   %s\n", h.Rank, h.Title, h.DocID, oneLine(h.Text, 240))
	}
	return textResult(b.String()), out, nil
}

// rankOf is a 1-based rank, nil when the hit was not in that list.
func rankOf(r int) *int {
	if r == 0 {
		return nil
	}
	return &r
}
