package httpapi_test

import (
	"testing"

	"continuity/backend/team"
)

type gateReply struct {
	Thresholds []struct {
		Metric    string   `json:"metric"`
		Threshold *float64 `json:"threshold"`
		Custom    bool     `json:"custom"`
	} `json:"thresholds"`
}

func (g gateReply) of(metric string) (float64, bool, bool) {
	for _, t := range g.Thresholds {
		if t.Metric == metric {
			if t.Threshold == nil {
				return 0, false, t.Custom
			}
			return *t.Threshold, true, t.Custom
		}
	}
	return 0, false, false
}

func TestAManagerSetsTheGateAndOthersReadIt(t *testing.T) {
	path := wsPath("/golden-sets/sample/thresholds")
	mgr := user(t, team.Manager)
	var got gateReply
	body := map[string]any{"edits": []string{"faithfulness=0.75", "answer_relevancy=none"}}
	if code := do(t, fx.http.URL, mgr, "PUT", path, body, &got); code != 200 {
		t.Fatalf("manager sets thresholds: %d", code)
	}
	if v, gated, custom := got.of("faithfulness"); !gated || v != 0.75 || !custom {
		t.Fatalf("faithfulness after the edit: %v gated=%v custom=%v", v, gated, custom)
	}
	if _, gated, _ := got.of("answer_relevancy"); gated {
		t.Fatal("answer_relevancy=none is still gated")
	}
	var read gateReply
	if code := do(t, fx.http.URL, user(t, team.Expert), "GET", path, nil, &read); code != 200 {
		t.Fatalf("expert reads thresholds: %d", code)
	}
	if v, _, _ := read.of("faithfulness"); v != 0.75 {
		t.Fatalf("expert reads faithfulness %v", v)
	}
	cases := []struct {
		name, token string
		body        any
		want        int
	}{
		{"an expert may not change the gate", user(t, team.Expert), body, 403},
		{"a writer may not change the gate", user(t, team.Writer), body, 403},
		{"out of range", mgr, map[string]any{"edits": []string{"faithfulness=1.5"}}, 400},
		{"unknown metric", mgr, map[string]any{"edits": []string{"speed=0.5"}}, 400},
		{"twice", mgr, map[string]any{"edits": []string{"faithfulness=0.5", "faithfulness=0.6"}}, 400},
		{"none at all", mgr, map[string]any{"edits": []string{}}, 400},
	}
	for _, c := range cases {
		if code := do(t, fx.http.URL, c.token, "PUT", path, c.body, nil); code != c.want {
			t.Errorf("%s: %d, want %d", c.name, code, c.want)
		}
	}
	if code := do(t, fx.http.URL, mgr, "GET", wsPath("/golden-sets/no-such-set/thresholds"), nil, nil); code != 404 {
		t.Errorf("thresholds of an unknown set: %d, want 404", code)
	}
	var after gateReply
	do(t, fx.http.URL, mgr, "GET", path, nil, &after)
	if v, _, _ := after.of("faithfulness"); v != 0.75 {
		t.Fatalf("a refused edit changed the gate: faithfulness %v", v)
	}
}
