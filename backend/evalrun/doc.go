// Package evalrun is the evaluation-runs use case: import a golden workbook
// for a run, prepare a run over the real parts (the hybrid index, the
// claim engine, the embedders, the LLM client), start or resume it, and
// keep each golden set's thresholds and pinned baseline. Both faces call it.
package evalrun
