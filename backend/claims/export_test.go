package claims

// SetTrace makes e log how it aligns each claim (tests only).
func SetTrace(e *OfflineEngine, f func(format string, args ...any)) { e.trace = f }
