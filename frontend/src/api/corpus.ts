import * as Corpus from '../../wailsjs/go/app/CorpusService';
import type { app } from '../../wailsjs/go/models';
import { call } from './call';

export type WorkspaceSummary = app.WorkspaceDTO;
export type IndexStats = app.IndexStatsDTO;
export type SearchComparison = app.SearchComparisonDTO;
export type SearchHit = app.SearchHitDTO;

export const corpus = {
  summary: () => call('Corpus.Summary', () => Corpus.Summary()),
  chooseFolder: () => call('Corpus.ChooseFolder', () => Corpus.ChooseFolder()),
  indexStats: () => call('Corpus.IndexStats', () => Corpus.IndexStats()),
  /** Starts a sync job; progress and the SyncReport arrive as job events. */
  sync: () => call('Corpus.Sync', () => Corpus.Sync()),
  search: (query: string, k: number) => call('Corpus.Search', () => Corpus.Search(query, k)),
};
