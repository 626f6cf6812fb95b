package mcpserver

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"continuity/backend/golden"
)

type goldenSetsOutput struct {
	Sets []golden.Set `json:"sets"`
}

func (srv *Server) addGoldenSets(ms *mcp.Server) error {
	in, err := inputSchema[struct{}](nil)
	if err != nil {
		return err
	}
	mcp.AddTool(ms, &mcp.Tool{Name: "list_golden_sets", InputSchema: in, Annotations: readOnly("List golden sets"),
		Description: `Lists the workspace's golden question sets (name, description, version, rows, last edit).`},
		logged(srv.log, "list_golden_sets", srv.goldenSets))
	return nil
}

func (srv *Server) goldenSets(ctx context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, goldenSetsOutput, error) {
	var none goldenSetsOutput
	id, err := srv.sess.WorkspaceID(ctx)
	if err != nil {
		return nil, none, fmt.Errorf("list_golden_sets: %w", err)
	}
	repo, err := golden.NewRepo(ctx, srv.sess.DB, id)
	if err != nil {
		return nil, none, fmt.Errorf("list_golden_sets: %w", err)
	}
	sets, err := repo.List(ctx)
	if err != nil {
		return nil, none, fmt.Errorf("list_golden_sets: %w", err)
	}
	if sets == nil {
		sets = []golden.Set{}
	}
	var b strings.Builder
	if len(sets) == 0 {
		b.WriteString("no golden sets in this workspace; import one with `continuity golden import`\n")
	}
	for _, s := range sets {
		fmt.Fprintf(&b, "%s: %d rows, version %d, updated %s by %s\n", s.Name, s.RowCount, s.Version, s.UpdatedAt, s.UpdatedBy)
	}
	return textResult(b.String()), goldenSetsOutput{Sets: sets}, nil
}
