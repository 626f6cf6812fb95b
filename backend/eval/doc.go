// Package eval runs a golden question set through retrieval, answering and
// the metric judges, and persists every question's test log as it finishes.
package eval
