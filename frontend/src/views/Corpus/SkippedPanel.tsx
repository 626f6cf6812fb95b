import { FileX } from 'lucide-react';
import { useState } from 'react';
import type { SkippedFile } from '../../api/corpus';

// Reasons in the order shown; the ones a writer must act on open by default.
type ReasonInfo = { code: string; label: string; attention?: boolean };

const REASONS: ReasonInfo[] = [
  { code: 'duplicate_id', label: 'Duplicate id', attention: true },
  { code: 'too_large', label: 'Too large', attention: true },
  { code: 'unreadable', label: 'Unreadable', attention: true },
  { code: 'not_regular', label: 'Not a regular file', attention: true },
  { code: 'unpublished', label: 'Unpublished (status)' },
  { code: 'workspace_file', label: 'Workspace files' },
  { code: 'ignored', label: 'Ignored by a rule' },
  { code: 'unsupported_type', label: 'Unsupported type' },
];

/** How many paths a group lists before "Show all". */
export const GROUP_PREVIEW = 5;

/** Groups skipped files by reason, in display order; unknown reasons come last under their code. */
export function groupSkipped(skipped: SkippedFile[]) {
  const known = new Set(REASONS.map((r) => r.code));
  const extra = [...new Set(skipped.map((s) => s.reason).filter((r) => !known.has(r)))].map((code): ReasonInfo => ({ code, label: code }));
  return [...REASONS, ...extra]
    .map((r) => ({ ...r, items: skipped.filter((s) => s.reason === r.code) }))
    .filter((g) => g.items.length > 0);
}

function Group({ label, items, attention }: { label: string; items: SkippedFile[]; attention?: boolean }) {
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, GROUP_PREVIEW);
  return (
    <details className="skipped-group" open={attention} data-testid="skipped-group">
      <summary>
        {label} ({items.length})
      </summary>
      <ul className="warnings">
        {shown.map((s) => (
          <li key={s.path}>
            <code>{s.path}</code>
            {s.detail && <span className="muted">: {s.detail}</span>}
          </li>
        ))}
      </ul>
      {items.length > shown.length && (
        <button type="button" className="btn btn-small" onClick={() => setAll(true)}>
          Show all {items.length}
        </button>
      )}
    </details>
  );
}

/** Every file the last sync found and did not index, with the reason: nothing is left out silently. */
export function SkippedPanel({ skipped }: { skipped?: SkippedFile[] | null }) {
  if (!skipped || skipped.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="skipped-title" data-testid="skipped-panel">
      <h2 id="skipped-title" className="panel-title">
        <FileX size={16} aria-hidden /> Skipped ({skipped.length})
      </h2>
      <p className="muted small">
        Files the last sync found and did not index. Paths are relative to the workspace folder; ignore rules are edited in Settings.
      </p>
      {groupSkipped(skipped).map((g) => (
        <Group key={g.code} label={g.label} items={g.items} attention={g.attention} />
      ))}
    </section>
  );
}
