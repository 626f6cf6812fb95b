package main

import (
	"context"
	"continuity/backend/embed"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"

	"continuity/backend/check"
	"continuity/backend/claims"
	"continuity/cmd/internal/benchdata"
)

// cached is one group's feature cache file: it is only valid for the
// pair feature list it was computed with.
type cached struct {
	Version  string               `json:"version"`
	Features []string             `json:"features"`
	Sets     map[string][]example `json:"sets"`
}

// cacheVersion changes with what a cached example holds.
const cacheVersion = "verifier-5"

// group featurizes some sets; each group is cached in a file of its own,
// so an interrupted run resumes at the group it was in.
type group struct {
	name    string
	collect func(ctx context.Context, cfg config, en engines, emb embed.Embedder) (map[string][]example, error)
}

var groups = []group{
	{"handbook", collectHandbookSets},
	{"sample", collectSampleSets},
	{"vitaminc", collectVitaminCSets},
	{"pairs", func(ctx context.Context, cfg config, en engines, _ embed.Embedder) (map[string][]example, error) {
		return collectPairs(ctx, cfg, en)
	}},
	{"scifact", collectSciFactSets},
}

// loadSets are every featurized set, each group from its cache when it is
// current; -only limits them to some groups.
func loadSets(ctx context.Context, cfg config) (_ map[string][]example, err error) {
	emb, closeEmb, err := sentenceEmbedder(ctx)
	if err != nil {
		return nil, err
	}
	defer func() { err = errors.Join(err, closeEmb()) }()
	withEmb := claims.LoadResources("")
	withEmb.Embedder = emb
	full := claims.NewOffline()
	full.Resources = withEmb
	plain := claims.NewOffline()
	plain.Resources = claims.LoadResources("")
	en := engines{full: full, plain: plain}
	names := strings.Join(claims.PairFeatureNames(), ",")
	sets := map[string][]example{}
	for _, g := range groups {
		if len(cfg.only) > 0 && !cfg.only[g.name] {
			continue
		}
		path := filepath.Join(cfg.workdir, "trainverdict-"+cacheVersion+"-"+g.name+".json")
		var c cached
		if !cfg.refresh {
			if err := readJSONFile(path, &c); err == nil && c.Version == cacheVersion && strings.Join(c.Features, ",") == names {
				logf("%s: features from %s", g.name, path)
				maps.Copy(sets, c.Sets)
				continue
			}
		}
		got, err := g.collect(ctx, cfg, en, emb)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", g.name, err)
		}
		b, err := json.Marshal(cached{Version: cacheVersion, Features: claims.PairFeatureNames(), Sets: got})
		if err == nil {
			err = os.WriteFile(path, b, 0o644)
		}
		if err != nil {
			logf("feature cache not written: %v", err)
		}
		maps.Copy(sets, got)
	}
	return sets, nil
}

func collectHandbookSets(ctx context.Context, cfg config, en engines, emb embed.Embedder) (map[string][]example, error) {
	hb, err := openIndex(ctx, filepath.Join(cfg.workdir, "handbook-product"), filepath.Join(cfg.bench, "handbook-dev", "corpus"), emb)
	if err != nil {
		return nil, err
	}
	defer hb.close()
	s := check.NewSearcher(hb.ix)
	exs, err := collectHandbook(ctx, cfg, en, s)
	if err != nil {
		return nil, err
	}
	aug, err := augmentHandbook(ctx, cfg, en, s, exs)
	return map[string][]example{"handbook": exs, "handbook-aug": aug}, err
}

func collectSampleSets(ctx context.Context, cfg config, en engines, emb embed.Embedder) (map[string][]example, error) {
	sm, err := openIndex(ctx, filepath.Join(cfg.workdir, "sample-product"), filepath.Join(cfg.sample, "content"), emb)
	if err != nil {
		return nil, err
	}
	defer sm.close()
	exs, err := collectSample(ctx, cfg, en, check.NewSearcher(sm.ix))
	return map[string][]example{"sample": exs}, err
}

func collectSciFactSets(ctx context.Context, cfg config, en engines, emb embed.Embedder) (map[string][]example, error) {
	content := filepath.Join(cfg.workdir, "scifact-content", "content")
	if _, err := benchdata.WriteSciFactContent(content, filepath.Join(cfg.bench, "scifact", "corpus.jsonl")); err != nil {
		return nil, err
	}
	sf, err := openIndex(ctx, filepath.Join(cfg.workdir, "scifact-product"), content, emb)
	if err != nil {
		return nil, err
	}
	defer sf.close()
	out := map[string][]example{}
	for _, split := range []string{"train", "test"} {
		exs, err := collectSciFact(ctx, cfg, en, check.NewSearcher(sf.ix), split)
		if err != nil {
			return nil, fmt.Errorf("scifact %s: %w", split, err)
		}
		out["scifact-"+split] = exs
	}
	return out, nil
}

func collectVitaminCSets(ctx context.Context, cfg config, en engines, _ embed.Embedder) (map[string][]example, error) {
	var trainFiles []string
	for i := range 5 {
		trainFiles = append(trainFiles, filepath.Join(cfg.bench, "vitaminc", fmt.Sprintf("train_%d.jsonl", i)))
	}
	out := map[string][]example{}
	var err error
	if out["vitaminc-train"], err = collectVitaminC(ctx, en, trainFiles, "vitaminc-train", cfg.vitamincLimit); err != nil {
		return nil, fmt.Errorf("vitaminc train: %w", err)
	}
	if out["vitaminc-test"], err = collectVitaminC(ctx, en, []string{filepath.Join(cfg.bench, "vitaminc", "test.jsonl")}, "vitaminc-test", 0); err != nil {
		return nil, fmt.Errorf("vitaminc test: %w", err)
	}
	return out, nil
}
