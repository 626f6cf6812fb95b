import * as Corpus from '../../wailsjs/go/app/CorpusService';
import type { app } from '../../wailsjs/go/models';
import { call } from './call';

export type WorkspaceSummary = app.WorkspaceDTO;
export type IndexStats = app.IndexStatsDTO;
export type SearchComparison = app.SearchComparisonDTO;
export type SearchHit = app.SearchHitDTO;
export type WorkspaceSwitch = app.WorkspaceSwitchDTO;

export const corpus = {
  summary: () => call('Corpus.Summary', () => Corpus.Summary()),
  chooseFolder: () => call('Corpus.ChooseFolder', () => Corpus.ChooseFolder()),
  /** Makes dir the workspace now and saves it in Settings ('' = the sample); returns it and the sync job bringing the index to it. */
  switchWorkspace: (dir: string) => call('Corpus.SwitchWorkspace', () => Corpus.SwitchWorkspace(dir)),
  indexStats: () => call('Corpus.IndexStats', () => Corpus.IndexStats()),
  /** Starts a sync job; progress and the SyncReport arrive as job events. */
  sync: () => call('Corpus.Sync', () => Corpus.Sync()),
  search: (query: string, k: number) => call('Corpus.Search', () => Corpus.Search(query, k)),
};
