// The only way views reach Go: one file per feature, each the only
// importer of its generated bindings; every rejection becomes an ApiError.
import { audit, calibration } from './audit';
import { check } from './check';
import { corpus } from './corpus';
import { documents } from './documents';
import { draft } from './draft';
import { evals } from './evals';
import { golden } from './golden';
import { jobs } from './jobs';
import { settings } from './settings';
import { sources } from './sources';
import { voice } from './voice';
import { team } from './team';
import { servedOverHTTP, webApi } from './web';

export { ApiError } from './call';
export type { WorkspaceSummary, WorkspaceSwitch } from './corpus';
export type { GoldenStatus, GoldenSet, GoldenRow, GoldenIssue, GoldenSetView, GoldenVersion, GoldenImport, GoldenProblem, GoldenField, GoldenPreview, GoldenRowChange, GoldenStale } from './golden';
export type { MetricThreshold, EvalEstimate, EvalRun, Scorecard, MetricTile, EvalQuestion, EvalEngine, ApprovedContradiction } from './evals';
export type { KeyStatus, SettingsData } from './settings';
export type { TeamStatus } from './team';
export type { DocumentView, DocumentChunk, DocumentRow, DocumentStatus } from './documents';
export type { WorkingDraft, OpenedDraft, DraftFormat } from './draft';
export type { VoiceRules } from './voice';
export type { AuditReport, AuditConflict, AuditStatement, MuddyDocument, MuddyFinding, MuddySummary, ConflictStatus, AuditExportFormat } from './audit';

export type { Source, SourceKind, SourceSkip, SourcesSyncResult } from './sources';

const desktopApi = { corpus, check, voice, golden, eval: evals, settings, jobs, documents, draft, audit, calibration, sources, team };

/** The desktop's bindings, or in a page `continuity serve` served, the team server's HTTP API. */
export const api = servedOverHTTP() ? webApi(desktopApi) : desktopApi;
export { servedOverHTTP, webSession, onSignedOut, type WebSession, type WebUser } from './web';

/**
 * The workspace folder's own files (golden workbooks and their template,
 * the voice & tone guidelines, the sample drafts) are the desktop app's;
 * the web app works on what the team server keeps, and checks with the
 * server's settings.
 */
export const offersWorkspaceFiles = !servedOverHTTP();
