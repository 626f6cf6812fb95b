# Two commands do all set-up on a fresh Debian/Ubuntu machine: `make run` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help

VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo 0.1.0-dev)
COMMIT ?= $(shell git rev-parse HEAD 2>/dev/null)
LDFLAGS := -X continuity/backend/cli.Version=$(VERSION) -X continuity/backend/cli.Commit=$(COMMIT)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_BUILD := build-essential pkg-config libgtk-3-dev libwebkit2gtk-4.0-dev
APT_MODELS := wordnet-base
APT_TRAIN := python3-torch python3-numpy
APT_TEST := xvfb xauth imagemagick xdotool chromium fonts-noto-color-emoji curl python3 postgresql-15
GO_SRC := $(shell find . -name '*.go' -not -path './frontend/node_modules/*') go.mod go.sum
FRONTEND_SRC := $(shell find frontend/src frontend/public frontend/wailsjs -type f) frontend/index.html frontend/vite.config.ts frontend/tsconfig.json

.PHONY: help run test dist dist-smoke dist-test deps-dist cli cli-embedded models-archive bench verdict-report train-verdict fuzz models desktop frontend deps-build deps-test vet lint gotest fronttest e2e clean

# golangci-lint, pinned, built from the Go module proxy into the git-ignored .tools/.
LINT_VERSION := v2.15.0
LINT := .tools/golangci-lint-$(LINT_VERSION)
# Release tools (make dist), pinned, from the Go module proxy into .tools/.
WAILS_VERSION := v2.13.0
WAILS := .tools/wails-$(WAILS_VERSION)
CYCLONEDX_VERSION := v1.10.0
CYCLONEDX := .tools/cyclonedx-gomod-$(CYCLONEDX_VERSION)
APT_DIST := nsis

help:
	@echo "make run    build and open the desktop app on the sample workspace (corpus/)"
	@echo "make test   install test dependencies and run every test"
	@echo "make cli    build the static headless CLI: build/bin/continuity"
	@echo "make cli-embedded  the same with the offline models compiled in: build/bin/continuity-embedded"
	@echo "make dist   release artifacts in dist/: CLI archives (linux, darwin, windows) with models, .deb, Windows installer, SBOMs, SHA256SUMS"
	@echo "make models-archive  pack models/ and its licences: dist/continuity-models.tar.gz, dist/SHA256SUMS"
	@echo "make bench  run the benchmarks (results go to docs/benchmarks.md)"
	@echo "make models fetch the offline models into models/ (also done by run, test and bench)"
	@echo "make fuzz   run every fuzz target for FUZZTIME (default 10s) each"
	@echo "make lint   golangci-lint (pinned) and ESLint"
	@echo "make verdict-report  claim-verdict quality on every public set"
	@echo "make train-verdict   retrain the offline claim verifier (PyTorch, CPU) on the public training splits"

# Installs only the packages that are missing, so repeated runs cost a dpkg query.
define apt_install
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing: $$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

deps-build:
	$(call apt_install,$(APT_BUILD))

deps-test: deps-build
	$(call apt_install,$(APT_TEST))

# Sentence and word models for offline use, git-ignored; a second run only
# re-checks their hashes.
models:
	$(call apt_install,$(APT_MODELS))
	bash scripts/models.sh

frontend/node_modules/.package-lock.json: frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund
	@touch $@

frontend/dist/index.html: frontend/node_modules/.package-lock.json $(FRONTEND_SRC)
	cd frontend && npm run build

frontend: frontend/dist/index.html

build/bin/continuity-desktop: frontend/dist/index.html $(GO_SRC) deps-build
	go build -tags desktop,production -trimpath -ldflags "-w -s $(LDFLAGS)" -o $@ .

build/bin/continuity-dev: frontend/dist/index.html $(GO_SRC) deps-build
	go build -tags dev -ldflags "$(LDFLAGS)" -o $@ .

desktop: build/bin/continuity-desktop

run: deps-build models build/bin/continuity-desktop
	@if [ -z "$$DISPLAY$$WAYLAND_DISPLAY" ]; then echo "No display: run 'make run' in a desktop session (or under xvfb-run)."; exit 2; fi
	build/bin/continuity-desktop --corpus corpus

cli:
	CGO_ENABLED=0 go build -trimpath -ldflags "-w -s $(LDFLAGS)" -o build/bin/continuity .

# The static CLI with models/ compiled in (go:embed behind -tags embedmodels,
# models_embedded.go): an installed copy finds its models in any folder.
cli-embedded: models
	CGO_ENABLED=0 go build -tags embedmodels -trimpath -ldflags "-w -s $(LDFLAGS)" -o build/bin/continuity-embedded .

# models/ with its licences and a SHA256SUMS of every file, for
# `continuity models install dist/continuity-models.tar.gz`; reproducible
# (sorted, no owners or times), and listed in dist/SHA256SUMS.
MODEL_DIRS := use-lite glove wordnet
models-archive: models
	@mkdir -p dist
	@set -euo pipefail; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	(cd models && find $(MODEL_DIRS) -type f | LC_ALL=C sort | xargs -d '\n' sha256sum --) >"$$tmp/SHA256SUMS"; \
	tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 --mode=u+rw,go+r,go-w \
	  -cf - -C "$$tmp" SHA256SUMS -C "$(CURDIR)/models" $(MODEL_DIRS) | gzip -9n >dist/continuity-models.tar.gz.tmp; \
	mv dist/continuity-models.tar.gz.tmp dist/continuity-models.tar.gz; \
	cd dist && { grep -v ' continuity-models.tar.gz$$' SHA256SUMS 2>/dev/null || true; sha256sum continuity-models.tar.gz; } >SHA256SUMS.tmp; \
	mv SHA256SUMS.tmp SHA256SUMS; \
	echo "dist/continuity-models.tar.gz ($$(du -h continuity-models.tar.gz | cut -f1)), listed in dist/SHA256SUMS"

deps-dist: deps-build
	$(call apt_install,$(APT_DIST))

$(WAILS) $(CYCLONEDX):
	@mkdir -p .tools
	tool=$(notdir $@); name=$${tool%-v*}; version=v$${tool##*-v}; \
	  case $$name in wails) pkg=github.com/wailsapp/wails/v2/cmd/wails;; *) pkg=github.com/CycloneDX/cyclonedx-gomod/cmd/cyclonedx-gomod;; esac; \
	  GOBIN=$(CURDIR)/.tools/bin-$$tool go install $$pkg@$$version && mv .tools/bin-$$tool/$$name $@ && rmdir .tools/bin-$$tool

# Release artifacts (scripts/dist.sh says what each is); dist-smoke runs
# the .deb and the Linux CLI archive as installed, outside the source tree.
dist: deps-dist models frontend build/bin/continuity-desktop $(WAILS) $(CYCLONEDX)
	VERSION=$(VERSION) COMMIT=$(COMMIT) WAILS=$(CURDIR)/$(WAILS) CYCLONEDX=$(CURDIR)/$(CYCLONEDX) bash scripts/dist.sh

dist-smoke: dist
	bash scripts/dist-smoke.sh

# make test builds the artifacts the smoke runs (.deb, Linux CLI archive)
# and the Windows installer, not the other CLI cross-builds: each costs a
# full compile and `make dist` covers them.
dist-test:
	$(MAKE) dist-smoke DIST_TARGETS=linux/amd64

vet:
	go vet ./...

$(LINT):
	@mkdir -p .tools
	GOBIN=$(CURDIR)/.tools/bin-$(LINT_VERSION) go install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$(LINT_VERSION)
	mv .tools/bin-$(LINT_VERSION)/golangci-lint $@ && rmdir .tools/bin-$(LINT_VERSION)

# Go (.golangci.yml) and frontend (frontend/eslint.config.js) linters.
lint: $(LINT) frontend/node_modules/.package-lock.json
	$(LINT) run ./...
	cd frontend && npm run lint

# The per-package times go to test-output/gotest.txt; the ten slowest are
# printed after the run, pass or fail, and go test's exit status is kept.
# -race turns on checkptr everywhere; in modernc.org's SQLite (C translated
# to Go, unsafe pointer arithmetic throughout) it was a sixth of all the CPU
# of backend/cli's tests and checks none of our code, so it is off there
# only; the race detector itself still covers every package.
RACE_GCFLAGS := -gcflags='modernc.org/...=-d=checkptr=0'
gotest: models
	@mkdir -p test-output
	set -o pipefail; go test -race $(RACE_GCFLAGS) -timeout 30m ./... 2>&1 | tee test-output/gotest.txt; \
	  rc=$$?; bash scripts/slowest.sh test-output/gotest.txt; exit $$rc

fronttest: frontend/node_modules/.package-lock.json
	cd frontend && npm run typecheck && npm test

# the browser suite's private PostgreSQL (scripts/e2e.sh)
build/bin/pgserver: $(GO_SRC)
	go build -o $@ ./cmd/pgserver

e2e: deps-test build/bin/continuity-desktop build/bin/continuity-dev build/bin/pgserver
	xvfb-run -a -s '-screen 0 1280x800x24' scripts/e2e.sh

test: deps-test models frontend vet lint gotest fronttest e2e dist-test

bench: models
	@echo "benchmarks: see docs/benchmarks.md"
	@mkdir -p test-output
	go test -run '^$$' -bench . ./... | tee test-output/bench.txt
	go run ./cmd/indexbench -scifact ../shared/benchmarks/scifact -split test -docs 10000 | tee test-output/bench-retrieval.txt
	go run ./cmd/indexbench -scifact ../shared/benchmarks/scifact -quality=false -docs 0 -pages 5183 | tee test-output/bench-pages.txt
	go run ./cmd/indexbench -scifact ../shared/benchmarks/scifact -quality=false -docs 0 -pages 20000 | tee -a test-output/bench-pages.txt

# Claim-verdict quality on every public set (handbook-dev claims and drafts, SciFact test,
# VitaminC test, the sample drafts); the tables go into docs/benchmarks.md.
verdict-report: models
	@mkdir -p test-output
	GOMAXPROCS=2 go run ./cmd/verdictreport -bench ../shared/benchmarks -workdir test-output/verdict -md -json docs/verdict-report.json | tee test-output/verdict-report.md

# Retrain the offline claim verifier (backend/claims/verifier/verifier-v2.json) with
# PyTorch (Debian's python3-torch, CPU; training only), then the shipped verdict model
# (backend/claims/model/verdict-v2.json, logistic regression trained in Go), on the
# public training and development splits; prints the cross-validated and held-out
# tables; then fits the shown-confidence map (backend/claims/calibration) on the
# development sets. Never tunes on a test or report split.
train-verdict: models
	$(call apt_install,$(APT_TRAIN))
	@mkdir -p test-output
	GOMAXPROCS=2 go run ./cmd/trainverdict -bench ../shared/benchmarks -workdir test-output/verdict -only handbook,sample,vitaminc,pairs \
	  -python /usr/bin/python3 -date $$(date -u +%F) -out backend/claims/verifier/verifier-v2.json \
	  -golden backend/claims/verifier/testdata/golden.json | tee test-output/train-verdict.txt
	GOMAXPROCS=2 go run ./cmd/trainverdict -bench ../shared/benchmarks -workdir test-output/verdict -only handbook,sample,vitaminc,pairs \
	  -date $$(date -u +%F) -verdict -verdict-out backend/claims/model/verdict-v2.json | tee test-output/train-verdict-model.txt
	GOMAXPROCS=2 go run ./cmd/verdictreport -bench ../shared/benchmarks -workdir test-output/verdict \
	  -sets pairs-train,sample,handbook,handbook-drafts -fit-calibration backend/claims/calibration/calibration.json | tee test-output/fit-calibration.txt

# CI runs each target's seeds and kept crashers as part of gotest.
fuzz:
	FUZZTIME=$${FUZZTIME:-10s} scripts/fuzz.sh

clean:
	rm -rf build/bin dist test-output frontend/dist/assets frontend/dist/index.html
