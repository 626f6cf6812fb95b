import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  draft: {
    workingDraft: vi.fn(),
    saveWorkingDraft: vi.fn(),
    replacedDraft: vi.fn(),
  },
}));
vi.mock('../api', () => ({ api }));

import { draftStore, flushDraft, resetDraftStore, restoreDraft, SAVE_DELAY_MS, saveOnUnload, setDraftCursor, setDraftText, UNSAVED_KEY } from './draft';

// a new page: the module state goes, localStorage stays
function resetDraftStoreKeepingStorage() {
  const kept = localStorage.getItem(UNSAVED_KEY);
  resetDraftStore();
  if (kept) localStorage.setItem(UNSAVED_KEY, kept);
}

const saved = (text: string, file_name = '', cursor = 0) => ({ text, file_name, cursor, version: 1, saved_at: '2026-01-01T00:00:00Z' });

beforeEach(() => {
  resetDraftStore();
  vi.useFakeTimers();
  api.draft.workingDraft.mockReset().mockResolvedValue(saved('Saved draft.', 'notes.md', 4));
  api.draft.saveWorkingDraft.mockReset().mockImplementation(async (t: string, f: string, c: number) => saved(t, f, c));
  api.draft.replacedDraft.mockReset().mockResolvedValue(null);
});
afterEach(() => vi.useRealTimers());

describe('working draft', () => {
  it('restores text, file name and caret', async () => {
    await restoreDraft();
    expect(draftStore.get()).toMatchObject({ text: 'Saved draft.', fileName: 'notes.md', cursor: 4, loaded: true });
  });

  it('saves once typing pauses, not on every key', async () => {
    await restoreDraft();
    setDraftText('Saved draft. S', 14);
    setDraftText('Saved draft. Sa', 15);
    setDraftText('Saved draft. Sav', 16);
    expect(api.draft.saveWorkingDraft).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
    expect(api.draft.saveWorkingDraft).toHaveBeenCalledTimes(1);
    expect(api.draft.saveWorkingDraft).toHaveBeenCalledWith('Saved draft. Sav', 'notes.md', 16);
    expect(draftStore.get().savedAt).not.toBe('');
  });

  it('flushes at once on blur or leaving, and skips a save that changes nothing', async () => {
    await restoreDraft();
    setDraftText('Edited.', 7);
    await flushDraft();
    expect(api.draft.saveWorkingDraft).toHaveBeenCalledTimes(1);
    await flushDraft();
    setDraftCursor(7);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
    expect(api.draft.saveWorkingDraft).toHaveBeenCalledTimes(1);
  });

  it('keeps text typed while restoring and saves it', async () => {
    let answer: (v: unknown) => void = () => {};
    api.draft.workingDraft.mockReturnValue(new Promise((r) => (answer = r)));
    const restoring = restoreDraft();
    await Promise.resolve();
    setDraftText('Typed first.', 12);
    answer(saved('Older.'));
    await restoring;
    await flushDraft();
    expect(draftStore.get().text).toBe('Typed first.');
    expect(api.draft.saveWorkingDraft).toHaveBeenLastCalledWith('Typed first.', '', 12);
  });

  it('says when a save fails and tries again at the next change', async () => {
    await restoreDraft();
    api.draft.saveWorkingDraft.mockRejectedValueOnce(new Error('disk full'));
    setDraftText('A', 1);
    await flushDraft();
    expect(draftStore.get().error?.message).toBe('disk full');
    setDraftText('AB', 2);
    await flushDraft();
    expect(draftStore.get().error).toBeUndefined();
    expect(api.draft.saveWorkingDraft).toHaveBeenCalledTimes(2);
  });
});

describe('unload', () => {
  it('sends an urgent save at once, without waiting for the one in flight', async () => {
    await restoreDraft();
    let answer: (v: unknown) => void = () => {};
    api.draft.saveWorkingDraft.mockReturnValueOnce(new Promise((r) => (answer = r)));
    setDraftText('First.', 6);
    void flushDraft();
    await Promise.resolve();
    await Promise.resolve();
    expect(api.draft.saveWorkingDraft).toHaveBeenCalledTimes(1); // in flight, unanswered
    setDraftText('First. Second.', 14);
    void flushDraft(true);
    expect(api.draft.saveWorkingDraft).toHaveBeenCalledTimes(2);
    expect(api.draft.saveWorkingDraft).toHaveBeenLastCalledWith('First. Second.', 'notes.md', 14);
    answer(saved('First.'));
    await flushDraft();
  });
});

describe('a reload before the save arrives', () => {
  it('finishes the save from what unload left, when it edits the same saved draft', async () => {
    await restoreDraft();
    saveOnUnload();
    setDraftText('Saved draft. Typed last.', 24);
    window.dispatchEvent(new Event('beforeunload'));
    // a plain browser cannot call the backend any more at unload
    expect(api.draft.saveWorkingDraft).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem(UNSAVED_KEY)!)).toMatchObject({ text: 'Saved draft. Typed last.', baseVersion: 1 });

    // the next page load
    resetDraftStoreKeepingStorage();
    await restoreDraft();
    expect(draftStore.get()).toMatchObject({ text: 'Saved draft. Typed last.', cursor: 24, dirty: true });
    await flushDraft();
    expect(api.draft.saveWorkingDraft).toHaveBeenLastCalledWith('Saved draft. Typed last.', 'notes.md', 24);
    expect(localStorage.getItem(UNSAVED_KEY)).toBeNull();
  });

  it('ignores what unload left for another saved draft (another workspace, a newer save)', async () => {
    localStorage.setItem(UNSAVED_KEY, JSON.stringify({ text: 'Other.', fileName: '', cursor: 0, baseVersion: 9, baseSavedAt: 'x' }));
    await restoreDraft();
    expect(draftStore.get().text).toBe('Saved draft.');
    expect(localStorage.getItem(UNSAVED_KEY)).toBeNull();
  });
});

describe('the file a draft came from', () => {
  it('stays through edits and goes when the editor is emptied or all of it replaced', async () => {
    await restoreDraft();
    setDraftText('Saved draft. More.', 18);
    expect(draftStore.get().fileName).toBe('notes.md');
    setDraftText('Something else entirely', 3);
    expect(draftStore.get().fileName).toBe('');
    await restoreDraft();
    setDraftText('', 0);
    expect(draftStore.get().fileName).toBe('');
  });
});
