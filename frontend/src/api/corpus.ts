import * as Corpus from '../../wailsjs/go/app/CorpusService';
import type { app } from '../../wailsjs/go/models';
import { call } from './call';

export type WorkspaceSummary = app.WorkspaceDTO;
export type IndexStats = app.IndexStatsDTO;
export type SearchComparison = app.SearchComparisonDTO;
export type SearchHit = app.SearchHitDTO;
export type WorkspaceSwitch = app.WorkspaceSwitchDTO;
export type IndexVerification = app.IndexVerificationDTO;
export type IndexDrift = app.IndexDriftDTO;
/** A file (or folder, path ending in "/") a sync did not index, relative to the workspace root. */
export type SkippedFile = app.SkippedDTO;
/** The workspace's .continuityignore, the defaults before it and the rules in force. */
export type IgnoreRules = app.IgnoreRulesDTO;
/** A sync job's result (job:done `result`); `verify` is the verification run right after it. */
export interface SyncReport {
  added: number;
  updated: number;
  removed: number;
  unchanged: number;
  documents: number;
  chunks: number;
  warnings: { path: string; message: string }[];
  skipped: SkippedFile[];
  verify: IndexVerification | null;
  verify_error?: string;
  /** The workspace the sync read; a view of another one drops the report. */
  workspace_id: string;
  /** The background job embedding the published sentences the sync left without a vector; absent when none was needed. */
  sentence_job?: string;
}

/** The result of a sentence-vectors job: what it embedded and how complete the vectors are now. */
export interface SentenceVectorsReport {
  embedded: number;
  have: number;
  total: number;
}

export const corpus = {
  summary: () => call('Corpus.Summary', () => Corpus.Summary()),
  chooseFolder: () => call('Corpus.ChooseFolder', () => Corpus.ChooseFolder()),
  /** Makes dir the workspace now and saves it in Settings ('' = the sample); returns it and the sync job bringing the index to it. */
  switchWorkspace: (dir: string) => call('Corpus.SwitchWorkspace', () => Corpus.SwitchWorkspace(dir)),
  indexStats: () => call('Corpus.IndexStats', () => Corpus.IndexStats()),
  /** Starts a sync job; progress and the SyncReport arrive as job events. */
  sync: () => call('Corpus.Sync', () => Corpus.Sync()),
  /** Diffs the workspace against the index without syncing. */
  verify: () => call('Corpus.Verify', () => Corpus.Verify()),
  /** Starts a job re-indexing the damaged documents and syncing; its result is a SyncReport. */
  reindex: () => call('Corpus.Reindex', () => Corpus.Reindex()),
  /** The ignore file's text, the default rules and every rule in force. */
  ignoreRules: () => call('Corpus.IgnoreRules', () => Corpus.IgnoreRules()),
  /** Saves .continuityignore; an invalid line is refused with its line number. The next sync applies it. */
  saveIgnoreRules: (text: string) => call('Corpus.SaveIgnoreRules', () => Corpus.SaveIgnoreRules(text)),
  search: (query: string, k: number) => call('Corpus.Search', () => Corpus.Search(query, k)),
};
