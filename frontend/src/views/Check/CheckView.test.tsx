import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The Check view against a fake backend: the working draft comes back,
// the newest check of it with it; one findings list in draft order; F8
// walks it; typing marks the check stale; a dismissal asks for a reason.

const draft = '# Billing news\n\nRefunds take 14 days. We simply ship on Fridays.';
const enc = new TextEncoder();
const span = (s: string) => {
  const at = draft.indexOf(s);
  return { start: enc.encode(draft.slice(0, at)).length, end: enc.encode(draft.slice(0, at + s.length)).length };
};
const report = () => ({
  id: 11, draft, title: 'Billing news', engine: 'offline', model: 'offline-4', engine_label: 'Offline engine', corpus_docs: 40, prompt_versions: {},
  created_at: '', source: 'desktop', summary: { supported: 0, contradicted: 1, not_covered: 1 }, voice_score: 80, voice_band: 'yellow', voice_label: 'Needs work',
  claims: [
    { index: 0, paragraph: 1, text: 'Refunds take 14 days.', ...span('Refunds take 14 days.'), verdict: 'contradicted', explanation: 'The corpus says 30 days.', evidence: [],
      flags: [], searched: { passages: 8, documents: [] }, vote: '', note: '', resolved: '', confidence: 0.9, dismissed: false, dismiss_reason: '' },
    { index: 1, paragraph: 1, text: 'We simply ship on Fridays.', ...span('We simply ship on Fridays.'), verdict: 'not_covered', explanation: 'Nothing says so.', evidence: [],
      flags: [], searched: { passages: 8, documents: [] }, vote: '', note: '', resolved: '', dismissed: false, dismiss_reason: '' },
  ],
  voice: [{ index: 0, passage: 'simply', ...span('simply'), rule: 'no-simply', guideline: 'Avoid “simply”.', explanation: 'It adds nothing.', suggestion: 'Delete it.',
    concrete: false, level: 'recommended', dismissed: false, dismiss_reason: '' }],
});

const api = vi.hoisted(() => ({
  check: {
    listDrafts: vi.fn(), readDraft: vi.fn(), check: vi.fn(), listHistory: vi.fn(), listTriage: vi.fn(), getCheck: vi.fn(), deleteCheck: vi.fn(),
    setFeedback: vi.fn(), dismiss: vi.fn(), saveReport: vi.fn(),
  },
  draft: {
    workingDraft: vi.fn(), saveWorkingDraft: vi.fn(), openDraftFile: vi.fn(), readDroppedFile: vi.fn(), convertHTML: vi.fn(),
    replaceWorkingDraft: vi.fn(), replacedDraft: vi.fn(), undoReplacement: vi.fn(), dropReplacedDraft: vi.fn(),
  },
  jobs: { cancel: vi.fn() },
  golden: { listSets: vi.fn() },
  voice: { getGuidelines: vi.fn() },
}));
vi.mock('../../api', () => ({ api, offersWorkspaceFiles: true }));
vi.mock('../../../wailsjs/runtime/runtime', () => ({ EventsOn: vi.fn(() => () => {}), BrowserOpenURL: vi.fn() }));

import { checkStore } from '../../stores/check';
import { resetDraftStore } from '../../stores/draft';
import { DEFAULT_VIEW, findingsStore } from '../../stores/findings';
import { CheckView } from '.';

beforeEach(() => {
  resetDraftStore();
  checkStore.set({ history: [], triage: [], announce: '' });
  findingsStore.set({ ...DEFAULT_VIEW });
  api.check.listDrafts.mockResolvedValue([]);
  api.check.listHistory.mockResolvedValue([{ id: 11, title: 'Billing news', created_at: '', source: 'desktop', engine: 'offline', model: '', engine_label: 'Offline engine', summary: { supported: 0, contradicted: 1, not_covered: 1 } }]);
  api.check.listTriage.mockResolvedValue([]);
  api.check.getCheck.mockResolvedValue(report());
  api.check.dismiss.mockResolvedValue(undefined);
  api.draft.workingDraft.mockResolvedValue({ text: draft, file_name: 'news.md', cursor: 3, version: 2, saved_at: '2026-01-01T00:00:00Z' });
  api.draft.saveWorkingDraft.mockImplementation(async (text: string, file_name: string, cursor: number) => ({ text, file_name, cursor, version: 3, saved_at: 'x' }));
  api.draft.replacedDraft.mockResolvedValue(null);
  api.draft.replaceWorkingDraft.mockImplementation(async (text: string, file_name: string) => ({ draft: { text, file_name, cursor: 0, version: 4, saved_at: 'y' } }));
  api.draft.dropReplacedDraft.mockResolvedValue(undefined);
});
afterEach(cleanup);

const cards = () => within(screen.getByTestId('findings-list')).getAllByRole('article');
const selectedCard = () => cards().findIndex((c) => c.getAttribute('aria-current') === 'true');

async function ready() {
  render(<CheckView />);
  await waitFor(() => expect((screen.getByLabelText('Draft') as HTMLTextAreaElement).value).toBe(draft));
  await screen.findAllByTestId('claim-card');
}

describe('Check view', () => {
  it('brings back the working draft, its file name and the newest check of it', async () => {
    await ready();
    expect(screen.getByTestId('draft-file-name').textContent).toContain('news.md');
    expect(api.check.getCheck).toHaveBeenCalledWith(11);
    expect(screen.queryByTestId('stale-banner')).toBeNull();
  });

  it('lists claims and voice issues together in draft order, and marks them in the text', async () => {
    await ready();
    expect(cards().map((c) => c.dataset.testid)).toEqual(['claim-card', 'claim-card', 'voice-card']);
    const marks = screen.getByTestId('draft-marks');
    expect(marks.querySelector('mark.mk-contradicted')?.getAttribute('aria-label')).toBe('Contradicted claim: Refunds take 14 days.');
    expect(marks.querySelector('mark.mk-voice')?.textContent).toBe('simply');
    expect(marks.querySelector('.mk-icon[data-icon="⚑"]')).toBeTruthy();
  });

  it('F8 and Shift+F8 move the selection through the list, wrapping', async () => {
    await ready();
    expect(selectedCard()).toBe(-1);
    fireEvent.keyDown(document, { key: 'F8' });
    expect(selectedCard()).toBe(0);
    fireEvent.keyDown(document, { key: 'F8' });
    expect(selectedCard()).toBe(1);
    fireEvent.keyDown(document, { key: 'F8', shiftKey: true });
    fireEvent.keyDown(document, { key: 'F8', shiftKey: true });
    expect(selectedCard()).toBe(2);
    expect(document.activeElement).toBe(cards()[2]); // outside the editor the card takes focus
  });

  it('marks the check stale once the text changes, and drops the marks of edited words', async () => {
    await ready();
    const box = screen.getByLabelText('Draft') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: draft.replace('14 days', '30 days') } });
    expect(screen.getByTestId('stale-banner').textContent).toContain('Draft changed since this check');
    expect(screen.getByTestId('draft-marks').querySelector('mark.mk-contradicted')).toBeNull();
    expect(screen.getAllByText(/Edited since this check/)).toHaveLength(1);
    fireEvent.change(box, { target: { value: draft } });
    expect(screen.queryByTestId('stale-banner')).toBeNull();
  });

  it('hides the findings of a draft that is gone', async () => {
    await ready();
    fireEvent.change(screen.getByLabelText('Draft'), { target: { value: 'Something else entirely.' } });
    expect(screen.getByTestId('draft-gone').textContent).toContain('its 3 findings are hidden');
    expect(screen.queryByTestId('findings-list')?.children).toHaveLength(0);
  });

  it('dismisses with a reason; the finding leaves the list and comes back under Show dismissed', async () => {
    await ready();
    const card = cards()[0];
    fireEvent.click(within(card).getByRole('button', { name: 'Dismiss claim “Refunds take 14 days.”' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Intended' }));
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Dismiss' })));
    expect(api.check.dismiss).toHaveBeenCalledWith(11, 'claim', 0, 'Intended');
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('show-dismissed'));
    const back = cards()[0];
    expect(back.dataset.dismissed).toBe('true');
    expect(within(back).getByTestId('dismissed-note').textContent).toContain('Intended');
    expect(checkStore.get().report?.claims[0]).toMatchObject({ dismissed: true, vote: 'down', note: 'Intended' });
  });

  it('Ctrl+O opens a file as the draft; a file that cannot be read says which and why', async () => {
    await ready();
    api.draft.openDraftFile.mockResolvedValue({ name: 'plan.docx', format: 'docx', markdown: '# Plan\n\nTallyhub Go ships.' });
    await act(async () => fireEvent.keyDown(document, { key: 'o', ctrlKey: true }));
    expect((screen.getByLabelText('Draft') as HTMLTextAreaElement).value).toBe('# Plan\n\nTallyhub Go ships.');
    expect(screen.getByTestId('draft-file-name').textContent).toContain('plan.docx');

    api.draft.readDroppedFile.mockRejectedValue(new Error('not a Word document: not a zip archive'));
    const file = new File(['x'], 'report.docx');
    await act(async () => fireEvent.drop(screen.getByLabelText('Draft'), { dataTransfer: { files: [file], types: ['Files'] } }));
    expect(screen.getByTestId('draft-file-error').textContent).toBe('report.docx: not a Word document: not a zip archive');
  });

  it('a file opened over an edited draft offers to undo, and Undo brings the draft back', async () => {
    await ready();
    fireEvent.change(screen.getByLabelText('Draft'), { target: { value: draft + ' Typed.' } });
    api.draft.openDraftFile.mockResolvedValue({ name: 'plan.docx', format: 'docx', markdown: '# Plan\n\nTallyhub Go ships.' });
    api.draft.replaceWorkingDraft.mockImplementation(async (text: string, file_name: string, by: string) => ({
      draft: { text, file_name, cursor: 0, version: 5, saved_at: 'y' },
      replaced: { words: 12, text: draft + ' Typed.', file_name: 'news.md', by, replaced_at: 'y' },
    }));
    await act(async () => fireEvent.keyDown(document, { key: 'o', ctrlKey: true }));
    // the typed words were saved before the replacement, so they are what is kept
    expect(api.draft.saveWorkingDraft).toHaveBeenCalledWith(draft + ' Typed.', 'news.md', expect.any(Number));
    expect(api.draft.replaceWorkingDraft).toHaveBeenCalledWith('# Plan\n\nTallyhub Go ships.', 'plan.docx', 'plan.docx');
    expect(screen.getByTestId('draft-replaced').textContent).toContain('Replaced your draft (12 words) with plan.docx.');

    api.draft.undoReplacement.mockResolvedValue({ draft: { text: draft + ' Typed.', file_name: 'news.md', cursor: 2, version: 6, saved_at: 'z' } });
    await act(async () => fireEvent.click(within(screen.getByTestId('draft-replaced')).getByRole('button', { name: 'Undo' })));
    expect((screen.getByLabelText('Draft') as HTMLTextAreaElement).value).toBe(draft + ' Typed.');
    expect(screen.getByTestId('draft-file-name').textContent).toContain('news.md');
    expect(screen.queryByTestId('draft-replaced')).toBeNull();
  });

  it('no offer to undo when the replaced draft was not edited', async () => {
    await ready();
    api.draft.openDraftFile.mockResolvedValue({ name: 'plan.docx', format: 'docx', markdown: 'Plan.' });
    await act(async () => fireEvent.keyDown(document, { key: 'o', ctrlKey: true }));
    expect(api.draft.replaceWorkingDraft).toHaveBeenCalled();
    expect(screen.queryByTestId('draft-replaced')).toBeNull();
  });

  it('clears the old findings and their counts while a check runs', async () => {
    await ready();
    api.check.check.mockReturnValue(new Promise(() => {}));
    fireEvent.keyDown(document, { key: 'Enter', ctrlKey: true });
    expect(api.check.check).toHaveBeenCalledWith(draft, '');
    expect(screen.queryAllByTestId('claim-card')).toHaveLength(0);
    expect(screen.queryByTestId('chip-contradicted')).toBeNull();
    expect(screen.getByTestId('check-progress').textContent).toMatch(/^Checking · starting · \d+ s$/);
    expect(screen.getByRole('button', { name: /Cancel/ })).toBeTruthy();
  });
});
