import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceChangedEvent } from '../events';

vi.mock('../events', () => ({ WORKSPACE_CHANGED: 'workspace:changed', on: vi.fn(() => () => {}) }));

import { dismissDraftNotice, draftLeftBehind, noteWorkspace, resetWorkspaceStore, workspaceChanged, workspaceStore } from './workspace';

const change = (over: Partial<WorkspaceChangedEvent> = {}): WorkspaceChangedEvent => ({
  id: 'ws-b', root: '/b', name: 'b', sync_job_id: 'index-sync-2', previous_id: 'ws-a', previous_root: '/a', previous_name: 'a',
  previous_has_draft: true, previous_draft_words: 12, ...over,
});

beforeEach(resetWorkspaceStore);

describe('the draft left behind by a switch', () => {
  const cases: { name: string; event?: WorkspaceChangedEvent; editor: string; dismissed?: boolean; want: boolean }[] = [
    { name: 'the previous workspace holds a draft and the editor is empty', event: change(), editor: '', want: true },
    { name: 'the editor holds only blanks', event: change(), editor: ' \n ', want: true },
    { name: 'the new workspace has a draft of its own', event: change(), editor: 'Its own words.', want: false },
    { name: 'the previous workspace had no draft', event: change({ previous_has_draft: false, previous_draft_words: 0 }), editor: '', want: false },
    { name: 'the same folder chosen again', event: change({ previous_id: 'ws-b' }), editor: '', want: false },
    { name: 'the previous folder could not be read', event: change({ previous_id: '' }), editor: '', want: false },
    { name: 'the writer dismissed the notice', event: change(), editor: '', dismissed: true, want: false },
    { name: 'no switch yet', editor: '', want: false },
  ];
  for (const c of cases) {
    it(c.name, () => {
      if (c.event) workspaceChanged(c.event);
      if (c.dismissed) dismissDraftNotice();
      expect(draftLeftBehind(workspaceStore.get(), c.editor)?.previous_name).toBe(c.want ? 'a' : undefined);
    });
  }

  it('a later switch brings a dismissed notice back, about that switch', () => {
    workspaceChanged(change());
    dismissDraftNotice();
    workspaceChanged(change({ id: 'ws-a', root: '/a', previous_id: 'ws-b', previous_root: '/b', previous_name: 'b' }));
    expect(draftLeftBehind(workspaceStore.get(), '')?.previous_name).toBe('b');
    expect(workspaceStore.get()).toMatchObject({ id: 'ws-a', changes: 2 });
  });
});

describe('the workspace in force', () => {
  it('the first summary names it; after a switch only the switch does', () => {
    noteWorkspace('ws-a');
    expect(workspaceStore.get().id).toBe('ws-a');
    workspaceChanged(change());
    // a summary asked for before the switch, answered after it
    noteWorkspace('ws-a');
    expect(workspaceStore.get().id).toBe('ws-b');
    noteWorkspace('ws-c', true);
    expect(workspaceStore.get().id).toBe('ws-c');
  });
});
