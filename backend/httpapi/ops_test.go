package httpapi_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"continuity/backend/httpapi"
	"continuity/backend/team"
)

func TestTheOpenAPIDocumentIsValidAndListsEveryRoute(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromData(httpapi.OpenAPI())
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("openapi.yaml: %v", err)
	}
	var documented []string
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			documented = append(documented, method+" "+path)
		}
	}
	served := httpapi.Routes(fx.srv)
	slices.Sort(documented)
	slices.Sort(served)
	if !slices.Equal(documented, served) {
		t.Fatalf("documented %v\nserved     %v", documented, served)
	}
	var got bytes.Buffer
	resp, err := http.Get(fx.http.URL + "/api/v1/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(&got, resp.Body)
	resp.Body.Close()
	if !bytes.Equal(got.Bytes(), httpapi.OpenAPI()) {
		t.Fatal("/api/v1/openapi.yaml is not the embedded document")
	}
}

func TestHealthAndMetricsNeedNoToken(t *testing.T) {
	var h struct{ Status, Store string }
	if got := do(t, fx.http.URL, "", "GET", "/healthz", nil, &h); got != 200 || h.Status != "ok" || h.Store != "postgres" {
		t.Fatalf("healthz: %d %+v", got, h)
	}
	do(t, fx.http.URL, user(t, team.Writer), "GET", wsPath("/search?q=refund"), nil, nil)
	resp, err := http.Get(fx.http.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	want := `continuity_http_requests_total{code="200",route="GET /api/v1/workspaces/{ws}/search"}`
	if resp.StatusCode != 200 || !strings.Contains(string(raw), want) {
		t.Fatalf("metrics: %d, want a line %s in\n%.2000s", resp.StatusCode, want, raw)
	}
}

func TestLimitsAnswerWithTheirOwnStatus(t *testing.T) {
	srv, err := httpapi.New(fx.sess, fx.team, httpapi.Options{MaxBody: 1 << 10, Rate: 0.001, Burst: 3})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	big := map[string]any{"draft": strings.Repeat("A sentence about refunds. ", 100)}
	if got := do(t, hs.URL, user(t, team.Writer), "POST", wsPath("/checks"), big, nil); got != http.StatusRequestEntityTooLarge {
		t.Errorf("a body over the limit: %d, want 413", got)
	}
	tok := user(t, team.Writer)
	codes := []int{}
	for range 5 {
		codes = append(codes, do(t, hs.URL, tok, "GET", "/api/v1/me", nil, nil))
	}
	if !slices.Equal(codes, []int{200, 200, 200, 429, 429}) {
		t.Errorf("five requests at a burst of 3: %v", codes)
	}
	if got := do(t, hs.URL, user(t, team.Writer), "GET", "/api/v1/me", nil, nil); got != 200 {
		t.Errorf("another token is limited on its own: %d", got)
	}
}

func TestACheckIsKeptAndLogged(t *testing.T) {
	tok := user(t, team.Writer)
	var out struct {
		CheckID int64 `json:"check_id"`
		Report  struct {
			Claims []struct {
				Verdict string `json:"verdict"`
			} `json:"claims"`
		} `json:"report"`
	}
	body := map[string]any{"draft": "Refunds are issued within 30 days of the purchase.", "engine": "offline"}
	if got := do(t, fx.http.URL, tok, "POST", wsPath("/checks"), body, &out); got != 201 || out.CheckID == 0 || len(out.Report.Claims) == 0 {
		t.Fatalf("check: %d %+v", got, out)
	}
	entries, err := fx.team.Entries(context.Background(), 500)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Action == "check.create" && e.AfterID == strconv.FormatInt(out.CheckID, 10) {
			return
		}
	}
	t.Fatalf("no audit entry for check %d", out.CheckID)
}
