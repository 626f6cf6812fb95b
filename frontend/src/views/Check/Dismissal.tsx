import { Undo2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { DismissForm } from './DismissForm';

interface Props {
  dismissed: boolean;
  reason: string;
  /** Names the finding in labels, e.g. "claim “Refunds take 14 days.”". */
  what: string;
  /** Dismisses for reason, or restores with ""; resolves true when it worked. */
  onDismiss: (reason: string) => Promise<boolean>;
}

// A finding's dismiss control: "Dismiss…" opens the reason form; a
// dismissed finding says why and can be restored.
export function Dismissal({ dismissed, reason, what, onDismiss }: Props) {
  const [open, setOpen] = useState(false);
  if (dismissed) {
    return (
      <p className="dismissed-note" data-testid="dismissed-note">
        <span>
          <strong>Dismissed:</strong> {reason}
        </span>
        <button type="button" className="link-button small" aria-label={`Restore ${what}`} onClick={() => void onDismiss('')}>
          <Undo2 size={12} aria-hidden /> Restore
        </button>
      </p>
    );
  }
  if (open) {
    return (
      <DismissForm
        what={what}
        onDismiss={async (r) => {
          const ok = await onDismiss(r);
          if (ok) setOpen(false);
          return ok;
        }}
        onCancel={() => setOpen(false)}
      />
    );
  }
  return (
    <button type="button" className="btn btn-small" aria-label={`Dismiss ${what}`} onClick={() => setOpen(true)}>
      <XCircle size={13} aria-hidden /> Dismiss…
    </button>
  );
}
