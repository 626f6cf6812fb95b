import { on, WORKSPACE_CHANGED, type WorkspaceChangedEvent } from '../events';
import { createStore } from './store';

// The workspace in force as far as the views know, and the last switch.
// Every view keeps what it loaded of a workspace; a switch (from Corpus or
// Settings) bumps `changes` so the ones showing it load again, and the
// Check view uses `last` to say where an empty editor's draft went.

export interface WorkspaceState {
  /** The id of the workspace in force; undefined until a summary or a switch names it. */
  id?: string;
  /** Counts the switches seen since the page loaded. */
  changes: number;
  /** The last switch. */
  last?: WorkspaceChangedEvent;
  /** The writer dismissed the notice that the draft stayed with the previous workspace (of `last`). */
  draftNoticeDismissed?: boolean;
}

export const workspaceStore = createStore<WorkspaceState>({ changes: 0 });

let listening = false;

/** Follows workspace switches; idempotent. */
export function listenWorkspace() {
  if (listening) return;
  listening = true;
  on<WorkspaceChangedEvent>(WORKSPACE_CHANGED, workspaceChanged);
}

/** A switch is in force (the event, or a caller that got the answer first). */
export function workspaceChanged(e: WorkspaceChangedEvent) {
  workspaceStore.set((s) => (s.last === e ? s : { id: e.id, changes: s.changes + 1, last: e }));
}

/**
 * A summary named the workspace in force. Only the first, before any
 * switch, or the answer of a switch (switch): a summary asked for before a
 * switch may answer after it.
 */
export function noteWorkspace(id: string | undefined, isSwitch = false) {
  const s = workspaceStore.get();
  if (!id || id === s.id || (!isSwitch && s.changes > 0)) return;
  workspaceStore.set({ ...s, id });
}

/**
 * The previous workspace's draft when the editor is empty because of the
 * last switch: it holds text there, and nothing was dismissed.
 */
export function draftLeftBehind(s: WorkspaceState, editorText: string): WorkspaceChangedEvent | undefined {
  const e = s.last;
  if (!e || s.draftNoticeDismissed || !e.previous_has_draft || !e.previous_id || e.previous_id === e.id) return undefined;
  return editorText.trim() === '' ? e : undefined;
}

export function dismissDraftNotice() {
  workspaceStore.set((s) => ({ ...s, draftNoticeDismissed: true }));
}

/** For tests: forget every switch. */
export function resetWorkspaceStore() {
  workspaceStore.set({ changes: 0 });
}
