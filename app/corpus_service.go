package app

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/wailsapp/wails/v2/pkg/runtime"

	"continuity/backend/progress"
	"continuity/backend/retrieval"
	"continuity/backend/session"
)

// CorpusService exposes the published corpus and its index.
type CorpusService struct{ c *core }

// IndexWarningDTO is a located problem found while syncing.
type IndexWarningDTO struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

// IndexStatsDTO describes the index.
type IndexStatsDTO struct {
	Documents int               `json:"documents"`
	Chunks    int               `json:"chunks"`
	LastSync  string            `json:"last_sync"` // RFC 3339; "" when never synced
	Warnings  []IndexWarningDTO `json:"warnings"`
	Skipped   []SkippedDTO      `json:"skipped"` // what the last sync did not index
	Repairs   []string          `json:"repairs"`
	// Embedder and EmbedModel name what produced the vectors, e.g.
	// "offline-lsa" and "lsa-v1-d128-…" (a model fitted to this corpus).
	Embedder   string `json:"embedder"`
	EmbedModel string `json:"embed_model"`
	// EmbedNotice says why the embedder is a fallback (e.g. models missing).
	EmbedNotice string `json:"embed_notice"`
	// SyncedDir is the content folder the last complete sync read ("" before
	// one); when it is not the workspace's, the index holds another corpus.
	SyncedDir string `json:"synced_dir"`
	// SentenceVectors and Sentences count the published sentences with a
	// vector and all of them: a sync leaves the vectors to a background job.
	SentenceVectors int `json:"sentence_vectors"`
	Sentences       int `json:"sentences"`
}

// SyncReportDTO is the result of a sync job.
type SyncReportDTO struct {
	Added     int               `json:"added"`
	Updated   int               `json:"updated"`
	Removed   int               `json:"removed"`
	Unchanged int               `json:"unchanged"`
	Documents int               `json:"documents"`
	Chunks    int               `json:"chunks"`
	Warnings  []IndexWarningDTO `json:"warnings"`
	Skipped   []SkippedDTO      `json:"skipped"`
	// Verify is the verification run right after the sync (nil when it
	// failed; VerifyError then says why).
	Verify      *IndexVerificationDTO `json:"verify"`
	VerifyError string                `json:"verify_error,omitempty"`
	// WorkspaceID is the workspace the sync read, so a view of another
	// workspace (switched to since) drops the report instead of showing it.
	WorkspaceID string `json:"workspace_id"`
	// SentenceJob is the background job that embeds the published
	// sentences the sync left without a vector ("" when none was needed to
	// start); checks and searches work meanwhile.
	SentenceJob string `json:"sentence_job,omitempty"`
}

// SearchHitDTO is one ranked chunk; ranks are 0 when a list lacked it.
type SearchHitDTO struct {
	Rank        int      `json:"rank"`
	DocID       string   `json:"doc_id"`
	ChunkID     string   `json:"chunk_id"`
	Title       string   `json:"title"`
	URL         string   `json:"url"`
	HeadingPath []string `json:"heading_path"`
	Text        string   `json:"text"`
	Score       float64  `json:"score"`
	BM25Rank    int      `json:"bm25_rank"`
	VectorRank  int      `json:"vector_rank"`
}

// SearchComparisonDTO holds the three rankings side by side.
type SearchComparisonDTO struct {
	Query  string         `json:"query"`
	BM25   []SearchHitDTO `json:"bm25"`
	Vector []SearchHitDTO `json:"vector"`
	Hybrid []SearchHitDTO `json:"hybrid"`
}

// Summary counts the documents and drafts in the open workspace and says
// where the workspace comes from.
func (s *CorpusService) Summary() (WorkspaceDTO, error) {
	s.c.ready()
	cur, err := s.c.sess.Current(s.c.ctx)
	if err != nil {
		return WorkspaceDTO{}, err
	}
	return summaryDTO(cur)
}

// IndexStats reports the indexed counts, last sync time and warnings.
func (s *CorpusService) IndexStats() (IndexStatsDTO, error) {
	s.c.ready()
	ix, err := s.c.sess.Index(s.c.ctx)
	if err != nil {
		return IndexStatsDTO{}, err
	}
	st, err := ix.Stats(s.c.ctx)
	if err != nil {
		return IndexStatsDTO{}, err
	}
	out := IndexStatsDTO{Documents: st.Documents, Chunks: st.Chunks, Warnings: []IndexWarningDTO{}, Repairs: append([]string{}, ix.Repairs...),
		Embedder: st.Embedder, EmbedModel: st.EmbedModel, EmbedNotice: st.EmbedNotice, SyncedDir: st.Source}
	if !st.LastSync.IsZero() {
		out.LastSync = st.LastSync.Format(time.RFC3339)
	}
	for _, w := range st.Warnings {
		out.Warnings = append(out.Warnings, IndexWarningDTO{Path: w.Path, Message: w.Message})
	}
	sk, err := ix.LastSkipped(s.c.ctx)
	if err != nil {
		return IndexStatsDTO{}, err
	}
	out.Skipped = skippedDTOs(sk)
	if out.SentenceVectors, out.Sentences, err = ix.SentenceVectors(s.c.ctx); err != nil {
		return IndexStatsDTO{}, err
	}
	return out, nil
}

// Sync starts a sync of the workspace's content as a cancellable job and
// returns its ID; progress and the SyncReportDTO arrive as job events.
func (s *CorpusService) Sync() (string, error) {
	s.c.ready()
	cur, err := s.c.sess.Current(s.c.ctx)
	if err != nil {
		return "", err
	}
	return s.startSync(cur.ID, cur.ContentDir()), nil
}

// startSync runs a sync of workspace ws's content as a job and returns its
// ID. A sync is authoritative: documents not under content are pruned from
// the index.
func (s *CorpusService) startSync(ws, content string) string {
	return s.c.jobs.start("index-sync", func(ctx context.Context, report progress.Func) (any, error) {
		ix, err := s.c.sess.OpenIndex(ctx, report)
		if err != nil {
			return nil, err
		}
		rep, err := ix.Sync(ctx, content, report)
		if err != nil {
			return nil, err
		}
		out := s.syncReport(ctx, ix, ws, content, rep)
		// The sync stands even when the history cannot be read; the
		// report says why.
		run, err := s.c.sess.ImportHistory(ctx, ix, content, session.HistoryIfOn, report)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			out.Warnings = append(out.Warnings, IndexWarningDTO{Path: "git history", Message: err.Error()})
		}
		for _, w := range run.Report.Warnings {
			out.Warnings = append(out.Warnings, IndexWarningDTO{Path: w.Path, Message: "git history: " + w.String()})
		}
		out.SentenceJob = s.startSentenceVectors(ctx, ix)
		return out, nil
	})
}

// startSentenceVectors starts the background job that embeds the published
// sentences the sync left without a vector, and returns its ID; "" when
// every sentence has one. The job holds no lock: checks run beside it and
// embed what they read themselves. Its result is a SentenceVectorsDTO.
func (s *CorpusService) startSentenceVectors(ctx context.Context, ix *retrieval.Index) string {
	have, total, err := ix.SentenceVectors(ctx)
	if err == nil && have == total {
		return ""
	}
	return s.c.jobs.start("sentence-vectors", func(ctx context.Context, report progress.Func) (any, error) {
		rep, err := s.c.sess.FillSentenceVectors(ctx, report)
		if err != nil {
			return nil, err
		}
		return SentenceVectorsDTO{Embedded: rep.Embedded, Have: rep.Have, Total: rep.Total}, nil
	})
}

// SentenceVectorsDTO is what the background embedding of published
// sentences did, and how complete the sentence vectors are now.
type SentenceVectorsDTO struct {
	Embedded int `json:"embedded"`
	Have     int `json:"have"`
	Total    int `json:"total"`
}

// Search runs query in all three modes so the playground can compare them.
func (s *CorpusService) Search(query string, k int) (SearchComparisonDTO, error) {
	s.c.ready()
	query = strings.TrimSpace(query)
	if query == "" || len(query) > 2000 {
		return SearchComparisonDTO{}, fmt.Errorf("query must be 1 to 2000 characters")
	}
	if k < 1 || k > 50 {
		return SearchComparisonDTO{}, fmt.Errorf("k must be between 1 and 50, got %d", k)
	}
	// Readers sync first, like every CLI reader: cheap when nothing changed.
	ix, _, err := s.c.sess.FreshIndex(s.c.ctx, nil)
	if err != nil {
		return SearchComparisonDTO{}, err
	}
	out := SearchComparisonDTO{Query: query}
	for _, m := range []struct {
		mode retrieval.Mode
		dst  *[]SearchHitDTO
	}{{retrieval.BM25, &out.BM25}, {retrieval.Vector, &out.Vector}, {retrieval.Hybrid, &out.Hybrid}} {
		hits, err := ix.Search(s.c.ctx, query, k, m.mode)
		if err != nil {
			return SearchComparisonDTO{}, err
		}
		*m.dst = make([]SearchHitDTO, 0, len(hits))
		for _, h := range hits {
			*m.dst = append(*m.dst, SearchHitDTO{Rank: h.Rank, DocID: h.DocID, ChunkID: h.ChunkID, Title: h.Title, URL: h.URL,
				HeadingPath: h.HeadingPath, Text: h.Text, Score: h.Score, BM25Rank: h.BM25Rank, VectorRank: h.VectorRank})
		}
	}
	return out, nil
}

// ChooseFolder opens the native folder dialog and returns the chosen path
// ("" when the user cancels); SwitchWorkspace then makes it the workspace.
// Two calls, so a cancelled dialog never switches anything.
func (s *CorpusService) ChooseFolder() (string, error) {
	s.c.ready()
	return runtime.OpenDirectoryDialog(s.c.ctx, runtime.OpenDialogOptions{Title: "Choose the corpus workspace folder"})
}
