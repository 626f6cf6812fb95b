import { api } from '../api';
import type { ReplacedDraft } from '../api/draft';
import { editBetween } from './findingsText';
import { createStore } from './store';

// The Check editor's working draft: its text, the file it came from and
// the caret. It outlives the view (navigating away and back keeps it) and
// autosaves through DraftService, so a reload or a restart brings it back.
// A bound call made while the page unloads may never arrive, so unload
// also leaves what is unsaved in localStorage (synchronous), tied to the
// version of the saved draft it edits; the next restore finishes the save.

export interface DraftState {
  text: string;
  fileName: string;
  cursor: number;
  /** The saved draft was restored (or restoring failed); until then the editor is read-only. */
  loaded: boolean;
  /** The text or file name changed since the last save the backend confirmed. */
  dirty: boolean;
  saving: boolean;
  /** When the backend last confirmed a save (RFC 3339), "" before the first. */
  savedAt: string;
  /** A failed save or restore; the text stays in the editor. */
  error?: Error;
  /** Counts restores that put a saved text in the editor, so it can put the caret back once it shows it. */
  restored: number;
  /** The draft a whole new draft replaced, kept (in the backend too) until Undo, dismissal or the next replacement. */
  replaced?: ReplacedDraft;
}

export const SAVE_DELAY_MS = 500;

const EMPTY: DraftState = { text: '', fileName: '', cursor: 0, loaded: false, dirty: false, saving: false, savedAt: '', restored: 0 };

export const draftStore = createStore<DraftState>({ ...EMPTY });

const patch = (p: Partial<DraftState>) => draftStore.set((s) => ({ ...s, ...p }));
const asError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)));

type Saved = { text: string; fileName: string; cursor: number };
let saved: Saved | undefined; // what the backend holds, as far as we know
let timer: ReturnType<typeof setTimeout> | undefined;
let inflight: Promise<void> = Promise.resolve();
let pending = 0; // saves sent and not answered
let touched = false; // typed into since the last restore
let base = { version: 0, savedAt: '' }; // the backend's draft the editor edits
let confirmed: Saved | undefined; // what the backend answered it holds

export const UNSAVED_KEY = 'continuity.workingDraft.unsaved';

type Unsaved = Saved & { baseVersion: number; baseSavedAt: string };

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** Keeps what the backend has not confirmed where a reload finds it. */
function keepUnsaved() {
  const s = draftStore.get();
  const now: Saved = { text: s.text, fileName: s.fileName, cursor: s.cursor };
  if (!s.loaded || same(confirmed, now)) return;
  try {
    storage()?.setItem(UNSAVED_KEY, JSON.stringify({ ...now, baseVersion: base.version, baseSavedAt: base.savedAt } satisfies Unsaved));
  } catch {
    // full or disabled: the bound call is all there is
  }
}

/** The unsaved edit of d left by an unload, if it edits exactly d. */
function takeUnsaved(d: { version: number; saved_at: string }): Saved | undefined {
  const st = storage();
  const raw = st?.getItem(UNSAVED_KEY);
  if (!raw) return undefined;
  st?.removeItem(UNSAVED_KEY);
  try {
    const u = JSON.parse(raw) as Unsaved;
    if (u.baseVersion !== d.version || u.baseSavedAt !== d.saved_at || typeof u.text !== 'string') return undefined;
    return { text: u.text, fileName: String(u.fileName ?? ''), cursor: Number(u.cursor) || 0 };
  } catch {
    return undefined;
  }
}

const same = (a: Saved | undefined, b: Saved) => !!a && a.text === b.text && a.fileName === b.fileName && a.cursor === b.cursor;

function schedule() {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => void flushDraft(), SAVE_DELAY_MS);
}

/**
 * Saves now when anything changed since the last save (blur, view switch,
 * unload). Saves go one after another, so an older one never lands last;
 * urgent (unload: there is no later) sends at once.
 */
export function flushDraft(urgent = false): Promise<void> {
  if (timer) {
    clearTimeout(timer);
    timer = undefined;
  }
  const s = draftStore.get();
  if (!s.loaded) return inflight;
  const next: Saved = { text: s.text, fileName: s.fileName, cursor: s.cursor };
  if (same(saved, next)) return inflight;
  saved = next;
  patch({ saving: true });
  pending++;
  const send = () => api.draft.saveWorkingDraft(next.text, next.fileName, next.cursor);
  // the async wrapper calls send at once and turns a throw into a rejection
  const sent = urgent ? (async () => send())() : inflight.then(send);
  inflight = sent
    .then((d) => {
      base = { version: d.version, savedAt: d.saved_at };
      confirmed = next;
      storage()?.removeItem(UNSAVED_KEY);
      const now = draftStore.get();
      patch({ saving: --pending > 0, savedAt: d.saved_at, error: undefined, dirty: now.text !== next.text || now.fileName !== next.fileName });
    })
    .catch((e) => {
      pending = Math.max(0, pending - 1);
      saved = undefined; // try again at the next change
      patch({ saving: pending > 0, error: asError(e) });
    });
  return inflight;
}

/**
 * The writer edited the text (and the caret is at cursor). Emptying the
 * editor or replacing (nearly) all of it leaves the file it came from behind.
 */
export function setDraftText(text: string, cursor: number = draftStore.get().cursor) {
  touched = true;
  const prev = draftStore.get();
  const e = editBetween(prev.text, text);
  // (a replacement may keep a letter or two of the old text by chance)
  const fileGone = text === '' || (!!e && prev.text !== '' && e.removed >= prev.text.length * 0.9);
  patch({ text, cursor, dirty: true, fileName: fileGone ? '' : prev.fileName });
  schedule();
}

/** The caret moved; saved with the next pause. */
export function setDraftCursor(cursor: number) {
  if (draftStore.get().cursor === cursor) return;
  patch({ cursor }); // saved with the next pause; not worth a "Saving…"
  schedule();
}

/** What the undo of a replacement calls the draft it sets aside. */
export const EARLIER_DRAFT = 'your earlier draft';

/**
 * A whole new draft: a file opened or dropped, a sample, a reopened check;
 * by names it in the offer to undo. prev is the draft it replaces as the
 * editor had it (typed words not yet saved included): it is saved first,
 * so the backend keeps exactly that for Undo when it was edited.
 */
export function replaceDraft(text: string, fileName: string, by: string, prev?: Saved) {
  touched = true;
  if (timer) clearTimeout(timer);
  timer = undefined;
  patch({ text, fileName, cursor: 0, dirty: true, saving: true });
  pending++;
  const keep = prev && draftStore.get().loaded && !same(saved, prev) ? prev : undefined;
  const next: Saved = { text, fileName, cursor: 0 };
  saved = next;
  inflight = inflight
    .then(async () => {
      if (keep) await api.draft.saveWorkingDraft(keep.text, keep.fileName, keep.cursor);
      return api.draft.replaceWorkingDraft(text, fileName, by);
    })
    .then((r) => {
      base = { version: r.draft.version, savedAt: r.draft.saved_at };
      confirmed = next;
      storage()?.removeItem(UNSAVED_KEY);
      const now = draftStore.get();
      patch({ saving: --pending > 0, savedAt: r.draft.saved_at, error: undefined, replaced: r.replaced ?? undefined,
        dirty: now.text !== next.text || now.fileName !== next.fileName });
      if (now.text !== next.text || now.fileName !== next.fileName) void flushDraft();
    })
    .catch((e) => {
      pending = Math.max(0, pending - 1);
      saved = undefined; // try again at the next change
      patch({ saving: pending > 0, error: asError(e) });
    });
}

/**
 * Undo of the last replacement: the kept draft comes back in the editor
 * with its file name and caret. What the editor holds then is saved first
 * and, when edited, kept in turn (so this Undo loses nothing either).
 */
export async function undoReplace(): Promise<void> {
  await flushDraft();
  try {
    const r = await api.draft.undoReplacement(EARLIER_DRAFT);
    const d = r.draft;
    saved = confirmed = { text: d.text, fileName: d.file_name, cursor: d.cursor };
    base = { version: d.version, savedAt: d.saved_at };
    touched = true;
    patch({ text: d.text, fileName: d.file_name, cursor: Math.min(d.cursor, d.text.length), dirty: false, savedAt: d.saved_at, error: undefined,
      replaced: r.replaced ?? undefined, restored: draftStore.get().restored + 1 });
  } catch (e) {
    patch({ error: asError(e) });
  }
}

/** The writer dismissed the offer to undo: the kept draft is forgotten. */
export async function dismissReplaced(): Promise<void> {
  patch({ replaced: undefined });
  try {
    await api.draft.dropReplacedDraft();
  } catch (e) {
    patch({ error: asError(e) });
  }
}

/**
 * Brings back the workspace's saved draft. A pending save goes first, so
 * coming back to the view reads what leaving it saved; text typed while
 * restoring wins over the saved one.
 */
export async function restoreDraft(): Promise<void> {
  await flushDraft();
  touched = false;
  try {
    const [d, replaced] = await Promise.all([api.draft.workingDraft(), api.draft.replacedDraft()]);
    patch({ replaced: replaced ?? undefined });
    saved = confirmed = { text: d.text, fileName: d.file_name, cursor: d.cursor };
    base = { version: d.version, savedAt: d.saved_at };
    const unsaved = takeUnsaved(d);
    if (touched) {
      patch({ loaded: true });
      void flushDraft();
      return;
    }
    const got = unsaved ?? saved;
    patch({ text: got.text, fileName: got.fileName, cursor: Math.min(got.cursor, got.text.length), loaded: true, dirty: !!unsaved, savedAt: d.saved_at,
      error: undefined, restored: draftStore.get().restored + 1 });
    if (unsaved) void flushDraft();
  } catch (e) {
    // the editor still works; saving will say what is wrong
    patch({ loaded: true, error: asError(e) });
  }
}

let unloadHooked = false;

// The desktop webviews post bound calls to the native side even while the
// page unloads; in a plain browser (wails dev, the e2e suite) the IPC
// socket is closed before unload handlers run, and only localStorage works.
function nativeBridge(): boolean {
  const w = window as unknown as { webkit?: { messageHandlers?: { external?: unknown } }; chrome?: { webview?: unknown } };
  return !!(w.webkit?.messageHandlers?.external || w.chrome?.webview);
}

/** Saves on unload and when the window is hidden; idempotent. */
export function saveOnUnload() {
  if (unloadHooked || typeof window === 'undefined') return;
  unloadHooked = true;
  const leave = () => {
    keepUnsaved();
    if (nativeBridge()) void flushDraft(true);
  };
  window.addEventListener('beforeunload', leave);
  window.addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden') return;
    keepUnsaved();
    void flushDraft(true);
  });
}

/** For tests: forget everything. */
export function resetDraftStore() {
  if (timer) clearTimeout(timer);
  timer = undefined;
  saved = undefined;
  touched = false;
  inflight = Promise.resolve();
  pending = 0;
  base = { version: 0, savedAt: '' };
  confirmed = undefined;
  storage()?.removeItem(UNSAVED_KEY);
  draftStore.set({ ...EMPTY });
}
