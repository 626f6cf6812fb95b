import { useEffect, useId, useRef, useState } from 'react';

/** Reasons a writer gives most often; any other is typed. */
export const PRESET_REASONS = ['Correct, corpus outdated', 'Not a factual claim', 'Intended'] as const;

const MAX_REASON = 2000; // backend/check MaxNote

interface Props {
  /** Names what is dismissed, for the form's label. */
  what: string;
  onDismiss: (reason: string) => Promise<boolean> | boolean;
  onCancel: () => void;
}

// Dismiss with a reason: a preset or typed text; Esc cancels. The reason
// is kept with the check and, for a claim, is its 👎 note in triage.
export function DismissForm({ what, onDismiss, onCancel }: Props) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => input.current?.focus(), []);

  const submit = async (r: string) => {
    const text = r.trim();
    if (!text || busy) return;
    setBusy(true);
    const ok = await onDismiss(text);
    setBusy(false);
    if (!ok) input.current?.focus();
  };

  return (
    <form
      className="dismiss-form"
      aria-label={`Dismiss ${what}`}
      data-testid="dismiss-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(reason);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      <div className="dismiss-presets" role="group" aria-label="Common reasons">
        {PRESET_REASONS.map((p) => (
          <button key={p} type="button" className="chip chip-small" aria-pressed={reason === p} onClick={() => setReason(p)}>
            {p}
          </button>
        ))}
      </div>
      <label htmlFor={id} className="small">
        Reason
      </label>
      <input
        id={id}
        ref={input}
        className="dismiss-reason"
        value={reason}
        maxLength={MAX_REASON}
        placeholder="Why does this need no change?"
        onChange={(e) => setReason(e.target.value)}
      />
      <div className="dismiss-actions">
        <button type="submit" className="btn btn-small btn-primary" disabled={!reason.trim() || busy}>
          Dismiss
        </button>
        <button type="button" className="btn btn-small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
