import * as Audit from '../../wailsjs/go/app/AuditService';
import type { app } from '../../wailsjs/go/models';
import { call } from './call';

export type AuditReport = app.AuditReportDTO;
export type AuditConflict = app.AuditConflictDTO;
export type AuditStatement = app.AuditStatementDTO;
export type MuddyDocument = app.MuddyDocumentDTO;
export type MuddyFinding = app.MuddyFindingDTO;
export type MuddySummary = app.MuddySummaryDTO;
export type ChangedFacts = app.ChangedFactsDTO;
export type ChangedFact = app.ChangedFactDTO;
export type ConflictStatus = 'open' | 'resolved' | 'intended';
export type AuditExportFormat = 'md' | 'html' | 'xlsx';

// The corpus audit: conflicting published statements and muddy sentences.
export const audit = {
  /** Starts the audit job; progress and the AuditReport arrive as job events. */
  start: () => call('Audit.StartAudit', () => Audit.StartAudit()),
  /** The last audit of this session with current statuses (audited=false before one). */
  conflicts: () => call('Audit.Conflicts', () => Audit.Conflicts()),
  /** Marks a conflict resolved or intended with a note, or open again. */
  setStatus: (key: string, status: ConflictStatus, note: string) =>
    call('Audit.SetConflictStatus', () => Audit.SetConflictStatus(key, status, note)),
  /** One document's muddy sentences with why and a split rewrite. */
  muddyForDocument: (docId: string) => call('Audit.MuddyForDocument', () => Audit.MuddyForDocument(docId)),
  /** Muddy-sentence counts of every published document that has any. */
  muddySummary: () => call('Audit.MuddySummary', () => Audit.MuddySummary()),
  /** Syncs, reads new git history and lists the facts that changed since a date or revision ("" = all), newest first. */
  changedFacts: (since: string) => call('Audit.ChangedFacts', () => Audit.ChangedFacts(since)),
  /** Asks where to save and writes the audit; resolves to the path, "" when cancelled. */
  export: (format: AuditExportFormat) => call('Audit.ExportAudit', () => Audit.ExportAudit(format)),
};

/** The verifier on one set of pairs at one threshold (recall/precision null when undefined). */
export interface CalibrationMetrics {
  old: number;
  caught: number;
  current: number;
  false_flags: number;
  recall: number | null;
  precision: number | null;
  f1: number;
}

/** One kind of change (value, polarity, name, or all), before and held out after. */
export interface CalibrationKind {
  kind: string;
  changes: number;
  before: CalibrationMetrics;
  after: CalibrationMetrics;
}

/** app.CalibrationDTO, the result a calibrate job's job:done carries. */
export interface Calibration {
  model: string;
  default_threshold: number;
  threshold: number;
  fitted: boolean;
  changes: number;
  pairs: number;
  documents: number;
  skipped: string[];
  kinds: CalibrationKind[];
  saved: boolean;
  decision: string;
  notice: string;
  seconds: number;
}

export type SavedThreshold = app.SavedThresholdDTO;

// Calibration on the workspace's own fact changes (continuity calibrate).
export const calibration = {
  /** Starts the calibrate job; the Calibration arrives on job:done. */
  start: (dryRun: boolean) => call('Audit.StartCalibration', () => Audit.StartCalibration(dryRun)),
  /** The workspace's saved threshold, null when none. */
  saved: () => call('Audit.SavedThreshold', () => Audit.SavedThreshold()),
  /** Removes the saved threshold; false when there was none. */
  reset: () => call('Audit.ResetCalibration', () => Audit.ResetCalibration()),
};
