import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../api', () => ({ api: {} }));
vi.mock('../../events', () => ({ WORKSPACE_CHANGED: 'workspace:changed', on: vi.fn(() => () => {}) }));

import { draftStore, resetDraftStore } from '../../stores/draft';
import { resetWorkspaceStore, workspaceChanged } from '../../stores/workspace';
import { DraftStayedNotice } from './DraftStayedNotice';

const left = { id: 'ws-b', root: '/work/b', name: 'b', sync_job_id: 'index-sync-2', previous_id: 'ws-a', previous_root: '/work/<a>',
  previous_name: '<a>', previous_has_draft: true, previous_draft_words: 1 };

beforeEach(() => {
  resetDraftStore();
  resetWorkspaceStore();
});
afterEach(cleanup);

describe('the draft that stayed with the previous workspace', () => {
  it('says where the draft is, names the folder as text, and goes on Dismiss', () => {
    workspaceChanged(left);
    draftStore.set((s) => ({ ...s, loaded: true, text: '' }));
    render(<DraftStayedNotice />);
    const note = screen.getByTestId('draft-stayed');
    expect(note.textContent).toContain('Your draft (1 word) stayed with the workspace <a> (/work/<a>)');
    expect(note.textContent).toContain('Switch back to it');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('draft-stayed')).toBeNull();
  });

  const silent = [
    { name: 'while the draft is being restored', loaded: false, text: '' },
    { name: 'once the writer types a new draft here', loaded: true, text: 'A new draft.' },
  ];
  for (const c of silent) {
    it(`says nothing ${c.name}`, () => {
      workspaceChanged(left);
      draftStore.set((s) => ({ ...s, loaded: c.loaded, text: c.text }));
      render(<DraftStayedNotice />);
      expect(screen.queryByTestId('draft-stayed')).toBeNull();
    });
  }
});
