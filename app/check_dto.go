package app

import "continuity/backend/checkview"

// The check's DTOs are the team server's too (backend/checkview), so the
// Check view reads a check the same from either face.
type (
	CheckEvidenceDTO     = checkview.Evidence
	CheckSearchedDTO     = checkview.Searched
	CheckClaimDTO        = checkview.Claim
	CheckSupersededDTO   = checkview.Superseded
	CheckSummaryDTO      = checkview.Summary
	CheckReportDTO       = checkview.Report
	CheckVoiceIssueDTO   = checkview.VoiceIssue
	CheckHistoryEntryDTO = checkview.HistoryEntry
	TriageItemDTO        = checkview.TriageItem
	CheckExportDTO       = checkview.Export
	TriageCauseDTO       = checkview.TriageCause
)
