package eval

import (
	"fmt"
	"strings"

	"continuity/backend/engine"
	"continuity/backend/llm"
)

// Score is one measured metric of one question. With repeat-N judging,
// Value is the mean of Runs and Flaky says the repeats disagree.
type Score struct {
	Value  float64   `json:"value"`
	Runs   []float64 `json:"runs,omitempty"`
	Spread float64   `json:"spread,omitempty"` // max - min over Runs
	Flaky  bool      `json:"flaky,omitempty"`
	Method string    `json:"method"` // which variant computed it, e.g. "ids", "llm", "similarity"
}

// NotMeasured says why a metric has no value; it never enters a mean or a gate.
type NotMeasured struct {
	Reason string `json:"reason"`
}

// outcome is what a metric function returns: a value or a reason.
type outcome struct {
	value    float64
	measured bool
	reason   string
}

func measured(v float64) outcome   { return outcome{value: v, measured: true} }
func notMeasured(r string) outcome { return outcome{reason: r} }

// Timings are per-stage wall times in milliseconds.
type Timings struct {
	RetrieveMS int64 `json:"retrieve_ms"`
	AnswerMS   int64 `json:"answer_ms"`
	JudgeMS    int64 `json:"judge_ms"`
}

// Call is one judge or answer call, logged so a score can be audited.
type Call struct {
	Metric        string    `json:"metric"`
	Prompt        string    `json:"prompt"`
	PromptVersion string    `json:"prompt_version"`
	Model         string    `json:"model"`
	Usage         llm.Usage `json:"usage"`
	LatencyMS     int64     `json:"latency_ms"`
	Retries       int       `json:"retries,omitempty"`
}

// QuestionResult is the test log of one question.
type QuestionResult struct {
	RunID             string                 `json:"run_id"`
	QuestionID        string                 `json:"id"`
	Category          Category               `json:"category"`
	Question          string                 `json:"question"`
	Reference         string                 `json:"reference"`
	ReferenceDocIDs   []string               `json:"reference_doc_ids"`
	SupportingLine    string                 `json:"supporting_line,omitempty"`
	Retrieved         []Passage              `json:"retrieved"`
	Answer            string                 `json:"answer"`
	Refused           bool                   `json:"refused"`
	Engine            engine.Engine          `json:"engine"`
	AnswerModel       string                 `json:"answer_model"`
	JudgeModel        string                 `json:"judge_model,omitempty"`
	PromptVersions    map[string]string      `json:"prompt_versions,omitempty"`
	Scores            map[Metric]Score       `json:"scores"`
	NotMeasured       map[Metric]NotMeasured `json:"not_measured"`
	Claims            []ClaimVerdict         `json:"claims,omitempty"` // faithfulness evidence
	Evidence          map[Metric]string      `json:"evidence,omitempty"`
	Calls             []Call                 `json:"calls,omitempty"`
	Tokens            llm.Usage              `json:"tokens"`
	Timings           Timings                `json:"timings"`
	CorpusFingerprint string                 `json:"corpus_fingerprint,omitempty"` // the corpus this question was scored against
	Error             string                 `json:"error,omitempty"`              // non-empty: the question failed and fails the gate
}

// RetrievedDocIDs are the retrieved documents in rank order, duplicates kept.
func (r QuestionResult) RetrievedDocIDs() []string {
	ids := make([]string, len(r.Retrieved))
	for i, p := range r.Retrieved {
		ids[i] = p.DocID
	}
	return ids
}

// Run status values.
const (
	StatusRunning   = "running" // also what a crashed run is left as; Resume continues it
	StatusDone      = "done"
	StatusCancelled = "cancelled"
	StatusFailed    = "failed"
)

// Run is what a run records about how its numbers were produced.
type Run struct {
	ID                string             `json:"run_id"`
	Status            string             `json:"status"`
	StartedAt         string             `json:"started_at"` // RFC3339
	FinishedAt        string             `json:"finished_at,omitempty"`
	Engine            engine.Engine      `json:"engine"`
	AnswerModel       string             `json:"answer_model"`
	JudgeModel        string             `json:"judge_model"`
	EmbedModel        string             `json:"embed_model"`
	PromptVersions    map[string]string  `json:"prompt_versions"`
	Settings          map[string]string  `json:"settings"` // chunking and retrieval settings, as the caller describes them
	K                 int                `json:"k"`
	Repeat            int                `json:"repeat"`
	CorpusFingerprint string             `json:"corpus_fingerprint"`       // the corpus the run started with
	CorpusChanges     []CorpusChange     `json:"corpus_changes,omitempty"` // resumes that found a different corpus
	GoldenSet         string             `json:"golden_set"`
	GoldenVersion     string             `json:"golden_version"`
	Thresholds        map[Metric]float64 `json:"thresholds"` // the gate it was run with; {} = all advisory, null = recorded before per-set thresholds
	Questions         int                `json:"questions"`
	QuestionsDigest   string             `json:"questions_digest"` // resume refuses a changed golden set
	// MissingRefs are the set's reference document IDs the index did not
	// hold when the run started (or resumed): their questions' retrieval
	// metrics read as misses, so a set run against the wrong corpus shows.
	MissingRefs []string `json:"missing_refs,omitempty"`
	// Judge is what scored the answers: "none" (deterministic metrics
	// only) or the engine; "" in runs recorded before judges were chosen.
	Judge string `json:"judge,omitempty"`
	// Target is what answered the questions; nil is the built-in pipeline.
	Target *Target `json:"target,omitempty"`
	// TargetWarnings say what of the target's replies could not be used as
	// given: unmatched recorded responses, most context ids unknown.
	TargetWarnings []string `json:"target_warnings,omitempty"`
	// ApprovedContradicted are the rows whose approved answer the corpus
	// contradicted at the run's start (goldenstale): each fails the gate.
	ApprovedContradicted []ApprovedContradiction `json:"approved_contradicted,omitempty"`
}

// Target kinds.
const (
	TargetBuiltin   = "builtin"
	TargetHTTP      = "http"
	TargetResponses = "responses"
)

// Target is the run record of what answered: never a header, a token or a
// query string.
type Target struct {
	Kind    string `json:"kind"`              // http or responses
	URL     string `json:"url,omitempty"`     // http: the address without user info, query or fragment
	Method  string `json:"method,omitempty"`  // http
	File    string `json:"file"`              // base name of the target or responses file
	SHA256  string `json:"sha256"`            // of that file
	Refusal string `json:"refusal,omitempty"` // the refusal pattern applied, if any
}

// String names the target in one line.
func (t *Target) String() string {
	switch {
	case t == nil:
		return TargetBuiltin
	case t.Kind == TargetHTTP:
		return fmt.Sprintf("http %s %s (%s)", t.Method, t.URL, t.File)
	}
	return fmt.Sprintf("responses %s (sha256 %s)", t.File, short(t.SHA256))
}

// Identity is what must match for two runs to measure the same target: a
// responses file keeps its identity across edits (its name), an endpoint
// its address.
func (t *Target) Identity() string {
	switch {
	case t == nil:
		return TargetBuiltin
	case t.Kind == TargetHTTP:
		return "http " + t.URL
	}
	return "responses " + t.File
}

func short(h string) string { return h[:min(len(h), 12)] }

// JudgeOf is the run's judge, for runs recorded before it was kept too.
func (r Run) JudgeOf() string {
	if r.Judge == "" {
		return string(r.Engine)
	}
	return r.Judge
}

// CorpusChange is a resume that found the corpus changed: questions scored
// from then on saw Fingerprint, the ones before saw the earlier corpus.
type CorpusChange struct {
	ResumedAt   string `json:"resumed_at"` // RFC3339
	Fingerprint string `json:"corpus_fingerprint"`
	Remaining   int    `json:"remaining_questions"` // questions still to score at that resume
}

// Corpus is the fingerprint of the corpus the run's questions are being
// scored against now: the newest resume's, else the one it started with.
func (r Run) Corpus() string {
	if n := len(r.CorpusChanges); n > 0 {
		return r.CorpusChanges[n-1].Fingerprint
	}
	return r.CorpusFingerprint
}

// Warnings say what makes the run's numbers less than one measurement:
// reference documents missing from the index, and questions scored
// against different corpora.
func (r Run) Warnings() []string {
	out := []string{}
	if w := MissingRefsWarning(r.MissingRefs); w != "" {
		out = append(out, w)
	}
	out = append(out, r.TargetWarnings...)
	prev := r.CorpusFingerprint
	for _, c := range r.CorpusChanges {
		out = append(out, fmt.Sprintf("the corpus changed before the resume at %s (fingerprint %s, was %s): %d of %d questions were scored against the new corpus, the others against the old one",
			c.ResumedAt, orUnknown(c.Fingerprint), orUnknown(prev), c.Remaining, r.Questions))
		prev = c.Fingerprint
	}
	return out
}

func orUnknown(fp string) string {
	if fp == "" {
		return "unknown"
	}
	return fp
}

// MissingRefsWarning says how many of a set's reference documents are not
// in the index, naming the first few; "" when none is missing.
func MissingRefsWarning(ids []string) string {
	const shown = 5
	switch n := len(ids); {
	case n == 0:
		return ""
	case n == 1:
		return fmt.Sprintf("1 reference document of this set is not in the index (%s)", ids[0])
	case n <= shown:
		return fmt.Sprintf("%d reference documents of this set are not in the index (%s)", n, strings.Join(ids, ", "))
	default:
		return fmt.Sprintf("%d reference documents of this set are not in the index (%s and %d more)", n, strings.Join(ids[:shown], ", "), n-shown)
	}
}

// ApprovedContradiction is a golden row whose approved answer the corpus
// contradicted when the run started: the question fails whatever its
// answer scored, since the expectation itself no longer holds.
type ApprovedContradiction struct {
	QuestionID string `json:"question_id"`
	Row        int    `json:"row"`      // the row in the set's exported workbook
	Kind       string `json:"kind"`     // contradicted (the claim engine) or superseded (the page's history)
	Claim      string `json:"claim"`    // the approved answer's claim that no longer holds
	DocID      string `json:"doc_id"`   // the document that now says otherwise
	ChunkID    string `json:"chunk_id"` // its passage; "" for a superseded sentence
	Passage    string `json:"passage"`  // what the document now says
	// Confidence is the claim engine's for its contradicted verdict; nil
	// for a superseded sentence (matched by the page's history, not judged).
	Confidence *float64 `json:"confidence"`
}
