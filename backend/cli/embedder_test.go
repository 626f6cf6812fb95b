package cli

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"continuity/backend/embed/cache"
	"continuity/backend/models"
)

// Not parallel: the cases set the models folder through the environment.
func TestEmbedderNamedAndFallbackSaidInOneLine(t *testing.T) {
	t.Setenv(cache.EnvDir, t.TempDir())
	t.Run("without the models: LSA, labelled, with one notice", func(t *testing.T) {
		t.Setenv(models.EnvDir, t.TempDir())
		data := t.TempDir()
		st := run(t, nil, "--data", data, "status")
		if st.code != 0 {
			t.Fatalf("status exit %d: %s", st.code, st.stderr)
		}
		if !strings.Contains(st.stdout, "embedder   offline-lsa (fitted to the corpus) ranks passages; offline-lsa (fitted to the corpus) embeds sentences") {
			t.Errorf("status does not name the fallback:\n%s", st.stdout)
		}
		if n := strings.Count(st.stdout, "offline model USE-lite not found"); n != 1 {
			t.Errorf("status says the model is missing %d times, want once:\n%s", n, st.stdout)
		}
		ix := run(t, nil, "--data", data, "--json", "index")
		if ix.code != 0 {
			t.Fatalf("index exit %d: %s", ix.code, ix.stderr)
		}
		var out indexJSON
		if err := json.Unmarshal([]byte(ix.stdout), &out); err != nil {
			t.Fatalf("index --json: %v\n%s", err, ix.stdout)
		}
		if out.Embedder != "offline-lsa" || !strings.Contains(out.EmbedNotice, "using the LSA embedder") {
			t.Errorf("index --json embedder %q notice %q", out.Embedder, out.EmbedNotice)
		}
		if lines := strings.Count(ix.stderr, "notice: "); lines != 1 || strings.Count(ix.stderr, "\n") > 2 {
			t.Errorf("stderr should carry one notice line:\n%s", ix.stderr)
		}
		if s := run(t, nil, "--data", data, "search", "A"); s.code != 0 {
			t.Errorf("search on the fallback: exit %d: %s", s.code, s.stderr)
		}
	})
	t.Run("with the models: LSA ranks passages, USE-lite named by its hash embeds sentences", func(t *testing.T) {
		if _, err := models.Find("", models.USELite); errors.Is(err, models.ErrNotFound) {
			t.Skipf("USE-lite not installed: %v (run `make models`)", err)
		}
		data := t.TempDir()
		ix := run(t, nil, "--data", data, "--json", "index")
		var out indexJSON
		if err := json.Unmarshal([]byte(ix.stdout), &out); err != nil || ix.code != 0 {
			t.Fatalf("index --json exit %d: %v\n%s%s", ix.code, err, ix.stdout, ix.stderr)
		}
		if out.Embedder != "offline-lsa" || !strings.HasPrefix(out.EmbedModel, "lsa-v1-") || out.EmbedNotice != "" ||
			!strings.HasPrefix(out.SentenceEmbedder, "use-lite-") || out.SentenceModel != out.SentenceEmbedder {
			t.Errorf("index --json embedder %q model %q sentences %q/%q notice %q", out.Embedder, out.EmbedModel, out.SentenceEmbedder, out.SentenceModel, out.EmbedNotice)
		}
		st := run(t, nil, "--data", data, "--json", "status")
		var sj statusJSON
		if err := json.Unmarshal([]byte(st.stdout), &sj); err != nil {
			t.Fatal(err)
		}
		if sj.Embedder != out.Embedder || sj.SentenceModel != out.SentenceModel || sj.EmbedNotice != "" {
			t.Errorf("status embedder %q sentences %q notice %q; index said %q/%q", sj.Embedder, sj.SentenceModel, sj.EmbedNotice, out.Embedder, out.SentenceModel)
		}
	})
}
