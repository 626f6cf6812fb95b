package eval

// Exported for the calibration tests in package eval_test, which read the
// sample golden workbook through backend/xlsx (an import eval cannot have).

// OfflineRelevancyScore is offlineRelevancy's score.
func OfflineRelevancyScore(question, answer string, sources []string) float64 {
	return offlineRelevancy(question, answer, sources).Score
}
