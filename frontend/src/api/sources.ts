import * as Sources from '../../wailsjs/go/app/SourcesService';
import type { SyncReport } from './corpus';
import { call } from './call';

/** What a source is read from. */
export type SourceKind = 'folder' | 'wxr' | 'ghost' | 'zendesk' | 'html_folder' | 'sitemap';

/** An item a source sync did not write: unpublished, unsupported or broken, with where it is in the export. */
export interface SourceSkip {
  origin: string;
  reason: string;
}

/** One source with what its last sync did; the content folder itself comes first with `builtin`. */
export interface Source {
  name: string;
  kind: SourceKind;
  location: string;
  builtin: boolean;
  last_sync: string;
  documents: number;
  written: number;
  unchanged: number;
  removed: number;
  skipped: SourceSkip[];
  last_error: string;
}

/** A sources job's result (job:done `result`). */
export interface SourcesSyncResult {
  sources: Source[];
  failed: string[];
  index: SyncReport;
}

export const sources = {
  list: () => call('Sources.List', async () => (await Sources.List()) as unknown as Source[]),
  kinds: () => call('Sources.Kinds', () => Sources.Kinds()),
  /** The native file or folder dialog for a kind; '' when cancelled. */
  chooseLocation: (kind: SourceKind) => call('Sources.ChooseLocation', () => Sources.ChooseLocation(kind)),
  /** Registers the source (bad input is refused at once) and returns the job syncing it and the index. */
  add: (kind: SourceKind, location: string, name: string) => call('Sources.Add', () => Sources.Add(kind, location, name)),
  /** Starts a job re-reading one source ('' = all) and syncing the index. */
  sync: (name: string) => call('Sources.Sync', () => Sources.Sync(name)),
  /** Starts a job removing the source's documents and syncing the index. */
  remove: (name: string) => call('Sources.Remove', () => Sources.Remove(name)),
};
