import { FileText, FolderOpen, Undo2 } from 'lucide-react';
import type { ReplacedDraft } from '../../api/draft';
import type { DraftState } from '../../stores/draft';

/** The autosave state in words. */
export function saveState(d: DraftState): string {
  if (d.error) return `Not saved: ${d.error.message}`;
  if (d.saving || d.dirty) return 'Saving…';
  return d.savedAt ? 'Saved' : '';
}

// Above the editor: its label, the file the draft came from, whether it is
// saved, Open file… and Undo of an applied rewrite.
export function EditorBar({ draft, onOpen, onUndo }: { draft: DraftState; onOpen: () => void; onUndo?: () => void }) {
  return (
    <div className="editor-bar">
      <label htmlFor="draft" className="label">
        Draft
      </label>
      {draft.fileName && (
        <span className="small file-name" data-testid="draft-file-name">
          <FileText size={12} aria-hidden /> {draft.fileName}
        </span>
      )}
      <span className="small muted save-state" data-testid="draft-saved">
        {saveState(draft)}
      </span>
      <button type="button" className="btn btn-small" onClick={onOpen} title="Open a .md, .txt, .html or .docx file (Ctrl+O)">
        <FolderOpen size={13} aria-hidden /> Open file…
      </button>
      {onUndo && (
        <button type="button" className="btn btn-small" onClick={onUndo}>
          <Undo2 size={13} aria-hidden /> Undo
        </button>
      )}
    </div>
  );
}

// The workspace's sample drafts, one click from the editor.
export function SampleDrafts({ names, onOpen }: { names?: string[]; onOpen: (name: string) => void }) {
  return (
    <div className="sample-drafts">
      <span className="small muted">Try a sample draft:</span>
      {names?.length === 0 && <span className="muted small">This workspace has no drafts folder.</span>}
      <ul className="plain-list inline-list" data-testid="draft-list">
        {names?.map((d) => (
          <li key={d}>
            <button type="button" className="link-button" onClick={() => onOpen(d)}>
              <FileText size={14} aria-hidden /> {d}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

// A whole new draft took the place of one the writer had edited: it is
// kept (also across a restart) until Undo, dismissal or the next one.
export function ReplacedBanner({ replaced: r, onUndo, onDismiss }: { replaced: ReplacedDraft; onUndo: () => void; onDismiss: () => void }) {
  return (
    <p className="banner banner-info replaced-banner" role="status" data-testid="draft-replaced">
      <span>
        Replaced your draft ({r.words} {r.words === 1 ? 'word' : 'words'}) with {r.by || 'a new draft'}.{' '}
        <button type="button" className="link-button" onClick={onUndo}>
          Undo
        </button>
      </span>
      <button type="button" className="link-button banner-dismiss" onClick={onDismiss} title="Keep the new draft and forget the replaced one">
        Dismiss
      </button>
    </p>
  );
}
