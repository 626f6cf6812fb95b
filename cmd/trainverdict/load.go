package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"continuity/backend/check"
	"continuity/backend/claims"
	"continuity/cmd/internal/benchdata"
)

// dataset is every featurized example: the training sets and the held-out
// test sets (scored once, after training).
type dataset struct {
	train      []example
	sciTest    []example
	vitTest    []example
	sciTriples map[string][]goldDoc // test claim id -> its evidence abstracts
}

// goldDoc is one SciFact evidence abstract of a claim with its label.
type goldDoc struct {
	Doc   string
	Label claims.Verdict
}

// cached is the feature cache's file: it is only valid for the feature
// list it was computed with.
type cached struct {
	FeatureVersion string               `json:"feature_version"`
	Features       []string             `json:"features"`
	Sets           map[string][]example `json:"sets"`
}

func loadData(ctx context.Context, cfg config) (dataset, error) {
	path := filepath.Join(cfg.workdir, "trainverdict-features-"+claims.FeatureVersion+".json")
	var c cached
	if !cfg.refresh {
		if err := readJSONFile(path, &c); err == nil && c.FeatureVersion == claims.FeatureVersion && strings.Join(c.Features, ",") == strings.Join(claims.FeatureNames(), ",") {
			logf("features from %s", path)
			return assemble(cfg, c.Sets)
		}
	}
	sets, err := collectAll(ctx, cfg)
	if err != nil {
		return dataset{}, err
	}
	b, err := json.Marshal(cached{FeatureVersion: claims.FeatureVersion, Features: claims.FeatureNames(), Sets: sets})
	if err == nil {
		err = os.WriteFile(path, b, 0o644)
	}
	if err != nil {
		logf("feature cache not written: %v", err)
	}
	return assemble(cfg, sets)
}

func assemble(cfg config, sets map[string][]example) (dataset, error) {
	var d dataset
	for _, s := range []string{"handbook", "sample", "scifact-train", "vitaminc-train"} {
		d.train = append(d.train, sets[s]...)
	}
	d.sciTest, d.vitTest = sets["scifact-test"], sets["vitaminc-test"]
	tri, err := scifactGold(cfg)
	d.sciTriples = tri
	return d, err
}

func collectAll(ctx context.Context, cfg config) (_ map[string][]example, err error) {
	emb, closeEmb, err := sentenceEmbedder(ctx)
	if err != nil {
		return nil, err
	}
	defer func() { err = errors.Join(err, closeEmb()) }()
	withEmb := claims.LoadResources("")
	withEmb.Embedder = emb
	full, plain := claims.NewOffline(), claims.NewOffline()
	full.Resources, plain.Resources = withEmb, claims.DefaultResources()
	en := engines{full: full, plain: plain}
	sets := map[string][]example{}

	hb, err := openIndex(ctx, filepath.Join(cfg.workdir, "handbook-product"), filepath.Join(cfg.bench, "handbook-dev", "corpus"), emb)
	if err != nil {
		return nil, err
	}
	sets["handbook"], err = collectHandbook(ctx, cfg, en, check.NewSearcher(hb.ix))
	hb.close()
	if err != nil {
		return nil, fmt.Errorf("handbook-dev: %w", err)
	}
	logf("handbook-dev: %d claims", len(sets["handbook"]))

	sm, err := openIndex(ctx, filepath.Join(cfg.workdir, "sample-product"), filepath.Join(cfg.sample, "content"), emb)
	if err != nil {
		return nil, err
	}
	sets["sample"], err = collectSample(ctx, cfg, en, check.NewSearcher(sm.ix))
	sm.close()
	if err != nil {
		return nil, fmt.Errorf("sample drafts: %w", err)
	}
	logf("sample drafts: %d claims", len(sets["sample"]))

	content := filepath.Join(cfg.workdir, "scifact-content", "content")
	if _, err := benchdata.WriteSciFactContent(content, filepath.Join(cfg.bench, "scifact", "corpus.jsonl")); err != nil {
		return nil, err
	}
	sf, err := openIndex(ctx, filepath.Join(cfg.workdir, "scifact-product"), content, emb)
	if err != nil {
		return nil, err
	}
	defer sf.close()
	for _, split := range []string{"train", "test"} {
		if sets["scifact-"+split], err = collectSciFact(ctx, cfg, en, check.NewSearcher(sf.ix), split); err != nil {
			return nil, fmt.Errorf("scifact %s: %w", split, err)
		}
	}
	var trainFiles []string
	for i := range 5 {
		trainFiles = append(trainFiles, filepath.Join(cfg.bench, "vitaminc", fmt.Sprintf("train_%d.jsonl", i)))
	}
	if sets["vitaminc-train"], err = collectVitaminC(ctx, en, trainFiles, "vitaminc-train", cfg.vitamincLimit); err != nil {
		return nil, fmt.Errorf("vitaminc train: %w", err)
	}
	if sets["vitaminc-test"], err = collectVitaminC(ctx, en, []string{filepath.Join(cfg.bench, "vitaminc", "test.jsonl")}, "vitaminc-test", 0); err != nil {
		return nil, fmt.Errorf("vitaminc test: %w", err)
	}
	return sets, nil
}
