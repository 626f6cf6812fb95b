package httpapi_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"continuity/backend/eval"
	"continuity/backend/team"
)

// storeRuns records n finished runs of a set of the test's own, one hour apart.
func storeRuns(t *testing.T, n int) (set string, ids []string) {
	t.Helper()
	st, err := eval.OpenStore(context.Background(), fx.sess.DB, fx.ws)
	if err != nil {
		t.Fatal(err)
	}
	set = fmt.Sprintf("views-%d", time.Now().UnixNano())
	for i := range n {
		at := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Hour)
		run := eval.Run{ID: fmt.Sprintf("%s-%d", set, i), Status: eval.StatusDone, GoldenSet: set, Engine: "offline",
			StartedAt: at.Format(time.RFC3339), FinishedAt: at.Add(time.Minute).Format(time.RFC3339),
			Thresholds: map[eval.Metric]float64{eval.Faithfulness: 0.8}, Questions: 1}
		res := []eval.QuestionResult{{RunID: run.ID, QuestionID: "Q1", Question: "How long is the refund window?", Reference: "30 days",
			Answer: "30 days.", Scores: map[eval.Metric]eval.Score{eval.Faithfulness: {Value: 0.5 + float64(i)/10, Method: "test"}}}}
		if err := st.Import(context.Background(), run, res); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, run.ID)
	}
	return set, ids
}

func TestTheWebReadsRunsAndScorecardsAsTheDesktopShowsThem(t *testing.T) {
	set, ids := storeRuns(t, 3)
	manager, expert := user(t, team.Manager), user(t, team.Expert)
	var list struct {
		Runs []struct {
			ID     string `json:"id"`
			Pinned bool   `json:"pinned"`
			Target struct {
				Kind string `json:"kind"`
			} `json:"target"`
		} `json:"runs"`
	}
	if code := do(t, fx.http.URL, expert, "GET", wsPath("/run-records?set="+set), nil, &list); code != 200 || len(list.Runs) != 3 ||
		list.Runs[0].ID != ids[2] || list.Runs[0].Target.Kind != "builtin" {
		t.Fatalf("run records: %d %+v, want the 3 runs newest first", code, list.Runs)
	}
	var card struct {
		Run struct {
			ID       string `json:"id"`
			GatePass *bool  `json:"gate_pass"`
		} `json:"run"`
		Ready bool  `json:"ready"`
		Trend []any `json:"trend"`
		Tiles []struct {
			Metric string `json:"metric"`
		} `json:"tiles"`
	}
	if code := do(t, fx.http.URL, expert, "GET", wsPath("/runs/"+ids[2]+"/scorecard?baseline=last"), nil, &card); code != 200 ||
		card.Run.ID != ids[2] || card.Run.GatePass == nil || len(card.Trend) != 3 || len(card.Tiles) == 0 {
		t.Fatalf("scorecard: %d %+v", code, card)
	}
	cases := []struct {
		name, token, path string
		want              int
	}{
		{"an expert may not pin", expert, "/runs/" + ids[0] + "/pin", 403},
		{"an unknown run", manager, "/runs/nope/pin", 404},
		{"a manager pins", manager, "/runs/" + ids[0] + "/pin", 200},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var body map[string]any
			if code := do(t, fx.http.URL, tc.token, "POST", wsPath(tc.path), nil, &body); code != tc.want {
				t.Fatalf("POST %s: %d %v, want %d", tc.path, code, body, tc.want)
			}
		})
	}
	do(t, fx.http.URL, expert, "GET", wsPath("/run-records?set="+set), nil, &list)
	if !list.Runs[2].Pinned || list.Runs[0].Pinned {
		t.Fatalf("after the pin: %+v, want the oldest run pinned", list.Runs)
	}
	if code := do(t, fx.http.URL, expert, "GET", wsPath("/runs/"+ids[2]+"/scorecard?baseline=../x"), nil, nil); code != 400 {
		t.Fatalf("a bad baseline: %d, want 400", code)
	}
}

func TestAnExpertReadsASetsStaleRowsAndTheWorkspaceFile(t *testing.T) {
	expert := user(t, team.Expert)
	var stale struct {
		Set    string `json:"set"`
		Rows   int    `json:"rows"`
		Issues []struct {
			Row    int    `json:"row"`
			RowID  string `json:"row_id"`
			Reason string `json:"reason"`
		} `json:"issues"`
		Engine string `json:"engine"`
	}
	if code := do(t, fx.http.URL, expert, "GET", wsPath("/golden-sets/sample/stale"), nil, &stale); code != 200 || stale.Set != "sample" || stale.Engine == "" {
		t.Fatalf("stale rows: %d %+v", code, stale)
	}
	for _, is := range stale.Issues {
		if is.Row < 2 || is.RowID == "" || is.Reason == "" {
			t.Fatalf("stale finding %+v: want an export row (header is row 1), the row's ID and a reason", is)
		}
	}
	if code := do(t, fx.http.URL, expert, "GET", wsPath("/golden-sets/nope/stale"), nil, nil); code != 404 {
		t.Fatalf("stale rows of an unknown set: %d, want 404", code)
	}
	var file struct {
		Path   string `json:"path"`
		Exists bool   `json:"exists"`
	}
	if code := do(t, fx.http.URL, expert, "GET", wsPath("/golden-file"), nil, &file); code != 200 || file.Path != "golden.xlsx" || !file.Exists {
		t.Fatalf("golden file: %d %+v, want golden.xlsx, present, and no server path", code, file)
	}
}
