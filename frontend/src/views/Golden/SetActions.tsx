import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { GoldenSet } from '../../api';

interface Props {
  set: GoldenSet;
  onRename: (to: string) => Promise<boolean>;
  onDelete: () => Promise<void>;
}

/** Rename (inline) and delete (confirmed) a golden set. */
export function SetActions({ set, onRename, onDelete }: Props) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(set.name);
  const [confirming, setConfirming] = useState(false);
  const deleteBtn = useRef<HTMLButtonElement>(null);

  if (renaming) {
    return (
      <form
        className="row"
        aria-label={`Rename ${set.name}`}
        onSubmit={async (e) => {
          e.preventDefault();
          const to = name.trim();
          if (!to || to === set.name || (await onRename(to))) setRenaming(false);
        }}
      >
        <input
          autoFocus
          aria-label="New name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && setRenaming(false)}
        />
        <button type="submit" className="btn btn-small btn-primary">
          Save name
        </button>
        <button type="button" className="btn btn-small" onClick={() => setRenaming(false)}>
          Cancel
        </button>
      </form>
    );
  }
  return (
    <div className="row">
      <button
        type="button"
        className="btn btn-small"
        onClick={() => {
          setName(set.name);
          setRenaming(true);
        }}
      >
        <Pencil size={14} aria-hidden /> Rename…
      </button>
      <button type="button" className="btn btn-small" ref={deleteBtn} onClick={() => setConfirming(true)}>
        <Trash2 size={14} aria-hidden /> Delete…
      </button>
      {confirming && (
        <ConfirmDelete
          set={set}
          onCancel={() => {
            setConfirming(false);
            deleteBtn.current?.focus();
          }}
          onConfirm={async () => {
            setConfirming(false);
            await onDelete();
          }}
        />
      )}
    </div>
  );
}

function ConfirmDelete({ set, onCancel, onConfirm }: { set: GoldenSet; onCancel: () => void; onConfirm: () => void }) {
  const titleId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  // keep Tab inside the dialog; Esc cancels
  const trap = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') onCancel();
    if (e.key !== 'Tab' || !box.current) return;
    const btns = [...box.current.querySelectorAll('button')];
    const i = btns.indexOf(document.activeElement as HTMLButtonElement);
    e.preventDefault();
    btns[(i + (e.shiftKey ? btns.length - 1 : 1)) % btns.length]?.focus();
  };
  return (
    <div className="gold-modal-backdrop">
      <div ref={box} className="panel gold-modal" role="alertdialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={trap}>
        <h2 id={titleId} className="panel-title">
          Delete “{set.name}”?
        </h2>
        <p>
          Its {set.row_count} questions and every saved version are removed. Past evaluation runs of this set stay readable in
          Evaluations.
        </p>
        <div className="row">
          <button type="button" className="btn btn-danger" onClick={onConfirm}>
            Delete set
          </button>
          <button type="button" className="btn" ref={cancel} onClick={onCancel}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}
