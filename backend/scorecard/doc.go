// Package scorecard turns an evaluation run into a release scorecard: means
// against thresholds, the CI gate, review queue, baseline diff, trend and
// JUnit and HTML exports.
package scorecard
