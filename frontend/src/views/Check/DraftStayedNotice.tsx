import { draftStore } from '../../stores/draft';
import { useStore } from '../../stores/store';
import { dismissDraftNotice, draftLeftBehind, workspaceStore } from '../../stores/workspace';

// The working draft is kept per workspace: after a switch the editor shows
// the new workspace's (often none), and says where the writer's went.
export function DraftStayedNotice() {
  const draft = useStore(draftStore);
  const ws = useStore(workspaceStore);
  const e = draft.loaded ? draftLeftBehind(ws, draft.text) : undefined;
  if (!e) return null;
  const words = e.previous_draft_words;
  return (
    <p className="banner banner-info draft-stayed" role="status" data-testid="draft-stayed">
      <span>
        Your draft ({words} {words === 1 ? 'word' : 'words'}) stayed with the workspace <strong>{e.previous_name}</strong> (
        <code>{e.previous_root}</code>): each workspace keeps its own draft. Switch back to it in Corpus → Choose folder… to see it.
      </span>
      <button type="button" className="link-button banner-dismiss" onClick={dismissDraftNotice}>
        Dismiss
      </button>
    </p>
  );
}
