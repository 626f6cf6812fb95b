package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"continuity/backend/sources"
)

// documentURIPrefix starts every document resource's URI; the rest is the
// document ID, path-escaped.
const documentURIPrefix = "continuity://documents/"

// maxDocumentBytes bounds the text one reply carries; a longer document is
// cut and says so.
const maxDocumentBytes = 1 << 20

type documentInput struct {
	ID string `json:"id" jsonschema:"the document's ID, as search_corpus and check_draft evidence name it (doc_id)"`
}

type documentOutput struct {
	ID             string `json:"id"`
	Title          string `json:"title"`
	Path           string `json:"path"` // workspace-relative
	URL            string `json:"url,omitempty"`
	Modified       string `json:"modified,omitempty"` // RFC 3339
	ModifiedSource string `json:"modified_source,omitempty"`
	Status         string `json:"status"`
	Format         string `json:"format"` // markdown or text
	Text           string `json:"text"`
	Truncated      bool   `json:"truncated"` // Text was cut at the reply limit
}

func (srv *Server) addGetDocument(ms *mcp.Server) error {
	in, err := inputSchema[documentInput](func(p map[string]*jsonschema.Schema) {
		p["id"].MinLength, p["id"].MaxLength = intPtr(1), intPtr(sources.MaxID)
	})
	if err != nil {
		return err
	}
	mcp.AddTool(ms, &mcp.Tool{Name: "get_document", InputSchema: in, Annotations: readOnly("Read a published document"),
		Description: `Returns a workspace document's text (front matter removed) and metadata by its ID.`},
		logged(srv.log, "get_document", srv.getDocument))
	return nil
}

func (srv *Server) getDocument(ctx context.Context, _ *mcp.CallToolRequest, in documentInput) (*mcp.CallToolResult, documentOutput, error) {
	v, err := srv.document(ctx, in.ID)
	if err != nil {
		return nil, documentOutput{}, fmt.Errorf("get_document: %w", err)
	}
	out := documentOutput{ID: v.ID, Title: v.Title, Path: v.Path, URL: v.URL, ModifiedSource: v.ModifiedSource,
		Status: string(v.Status), Format: v.Format, Text: v.Body}
	if !v.Modified.IsZero() {
		out.Modified = v.Modified.UTC().Format(time.RFC3339)
	}
	out.Text, out.Truncated = cut(v.Body, maxDocumentBytes)
	text := fmt.Sprintf("# %s (%s)\n\n%s", v.Title, v.ID, out.Text)
	if out.Truncated {
		text += fmt.Sprintf("\n\n[cut at %d bytes of %d]", len(out.Text), len(v.Body))
	}
	return textResult(text), out, nil
}

// cut shortens s to at most n bytes at a character boundary.
func cut(s string, n int) (string, bool) {
	if len(s) <= n {
		return s, false
	}
	return strings.ToValidUTF8(s[:n], ""), true
}

// library is the workspace's documents beside the freshly synced index.
func (srv *Server) library(ctx context.Context) (*sources.Library, error) {
	ws, err := srv.sess.Workspace(ctx)
	if err != nil {
		return nil, err
	}
	ix, synced, err := srv.sess.FreshIndex(ctx, nil)
	if ix != nil {
		srv.logIndex(ix.Repairs, synced)
	}
	if err != nil {
		return nil, err
	}
	return sources.New(ws, ix)
}

func (srv *Server) document(ctx context.Context, id string) (sources.View, error) {
	lib, err := srv.library(ctx)
	if err != nil {
		return sources.View{}, err
	}
	v, err := lib.Get(ctx, id)
	if errors.Is(err, sources.ErrNotFound) {
		return sources.View{}, fmt.Errorf("document %q: %w", id, err)
	}
	return v, err
}

// documentResources keeps the server's resource list in step with the
// workspace: refreshed on every resources/list, changed only where the
// documents did, so a client re-listing on list_changed does not loop.
type documentResources struct {
	mu     sync.Mutex
	listed map[string]string // URI → title
}

func (srv *Server) addResources(ms *mcp.Server) {
	ms.AddResourceTemplate(&mcp.ResourceTemplate{Name: "document", Title: "Published document",
		URITemplate: documentURIPrefix + "{id}", MIMEType: "text/markdown",
		Description: "A workspace document's text by its ID (the doc_id of search hits and check evidence)."},
		srv.readDocument)
	res := &documentResources{listed: map[string]string{}}
	ms.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "resources/list" {
				if err := srv.refreshResources(ctx, ms, res); err != nil {
					return nil, fmt.Errorf("list documents: %w", err)
				}
			}
			return next(ctx, method, req)
		}
	})
}

func (srv *Server) refreshResources(ctx context.Context, ms *mcp.Server, res *documentResources) error {
	lib, err := srv.library(ctx)
	if err != nil {
		return err
	}
	rows, err := lib.List(ctx, "")
	if err != nil {
		return err
	}
	res.mu.Lock()
	defer res.mu.Unlock()
	seen := map[string]bool{}
	for _, r := range rows {
		if r.Status == sources.StatusRemoved {
			continue // gone from the workspace: nothing to read
		}
		uri := documentURI(r.ID)
		seen[uri] = true
		if t, ok := res.listed[uri]; ok && t == r.Title {
			continue
		}
		res.listed[uri] = r.Title
		ms.AddResource(&mcp.Resource{URI: uri, Name: r.ID, Title: r.Title, MIMEType: "text/markdown",
			Description: fmt.Sprintf("%s (%s, %s)", r.Path, r.Publish, r.Status)}, srv.readDocument)
	}
	var gone []string
	for uri := range res.listed {
		if !seen[uri] {
			gone = append(gone, uri)
			delete(res.listed, uri)
		}
	}
	if len(gone) > 0 {
		ms.RemoveResources(gone...)
	}
	return nil
}

func documentURI(id string) string { return documentURIPrefix + url.PathEscape(id) }

// parseDocumentURI is the document ID a resource URI names; false for a
// URI that names none (another scheme, an empty or oversized ID, bad escapes).
func parseDocumentURI(uri string) (string, bool) {
	rest, ok := strings.CutPrefix(uri, documentURIPrefix)
	if !ok {
		return "", false
	}
	id, err := url.PathUnescape(rest)
	if err != nil || strings.TrimSpace(id) == "" || len(id) > sources.MaxID {
		return "", false
	}
	return id, true
}

func (srv *Server) readDocument(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	uri := req.Params.URI
	id, ok := parseDocumentURI(uri)
	if !ok {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	v, err := srv.document(ctx, id)
	if errors.Is(err, sources.ErrNotFound) {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	if err != nil {
		return nil, err
	}
	mime := "text/markdown"
	if v.Format == sources.FormatText {
		mime = "text/plain"
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: mime, Text: v.Body}}}, nil
}
