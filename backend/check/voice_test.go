package check

import (
	"context"
	"testing"

	"continuity/backend/workspace"
)

func TestRunVoiceOffline(t *testing.T) {
	t.Parallel()
	ws, err := workspace.Open(sampleCorpus)
	if err != nil {
		t.Fatal(err)
	}
	s := openSession(t, t.TempDir(), sampleCorpus)
	text := "Our revolutionary TallyHub app. Log in today."
	res, err := RunVoice(context.Background(), s, ws, text, "offline")
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Issues) != 3 || res.Engine != "offline" || res.Score.Value >= 90 {
		t.Fatalf("got %d issues, engine %q, score %v; want 3 offline issues and a non-green score", len(res.Issues), res.Engine, res.Score.Value)
	}
	for _, is := range res.Issues {
		if text[is.Start:is.End] != is.Passage {
			t.Errorf("offsets %d:%d do not slice %q", is.Start, is.End, is.Passage)
		}
	}
	if _, err := RunVoice(context.Background(), s, ws, text, "psychic"); err == nil {
		t.Error("got nil, want an error for an unknown engine")
	}
}
