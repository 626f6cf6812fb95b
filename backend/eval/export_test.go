package eval

// Exported for the calibration tests in package eval_test, which read the
// sample golden workbook through backend/xlsx (an import eval cannot have).

// OfflineRelevancyScore is offlineRelevancy's score.
func OfflineRelevancyScore(question, answer string, sources []string) float64 {
	return offlineRelevancy(question, answer, sources).Score
}

// Cosine is cosine, 0 for vectors it cannot compare.
func Cosine(a, b []float32) float64 { c, _ := cosine(a, b); return c }

// CalibratedRelevancy is the vector relevancy of an answer from its cosine
// to the question.
func CalibratedRelevancy(cos float64, question, answer string, sources []string) float64 {
	return calibratedRelevancy(relevancyFeature(cos, offlineRelevancy(question, answer, sources).Score))
}

// RelevancyFeature is the uncalibrated feature.
func RelevancyFeature(cos float64, question, answer string, sources []string) float64 {
	return relevancyFeature(cos, offlineRelevancy(question, answer, sources).Score)
}
