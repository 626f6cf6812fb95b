import { createStore, useStore } from './store';

/** What to show: a document, and optionally the chunk and quote to find in it. */
export interface SourceRequest {
  docId: string;
  chunkId?: string;
  quote?: string;
}

export interface OpenSource extends SourceRequest {
  /** Bumped on every open, so reopening the same document starts afresh. */
  seq: number;
  /** Gets focus back when the viewer closes. */
  opener: HTMLElement | null;
}

/** The open source viewer, or null; App mounts the one viewer that reads it. */
export const sourceStore = createStore<OpenSource | null>(null);

let seq = 0;

/** Opens the source viewer on a document from any view. */
export function openSource(req: SourceRequest) {
  const active = typeof document !== 'undefined' ? document.activeElement : null;
  const opener = active instanceof HTMLElement && active !== document.body ? active : null;
  sourceStore.set({ ...req, seq: ++seq, opener });
}

/** Closes the viewer and returns focus to what opened it. */
export function closeSource() {
  const open = sourceStore.get();
  sourceStore.set(null);
  if (open?.opener?.isConnected) open.opener.focus();
}

export function useSource(): OpenSource | null {
  return useStore(sourceStore);
}
