import { RotateCcw } from 'lucide-react';
import type { IndexDrift } from '../../api/corpus';
import { useStore } from '../../stores/store';
import { verifyStore } from './syncStore';

// What each drift means to a user, in the order they read most urgent first.
const KIND_LABELS: [string, string][] = [
  ['changed', 'changed but not re-indexed'],
  ['not_indexed', 'published but not indexed'],
  ['gone', 'indexed but gone or unpublished'],
  ['chunks', 'with missing or altered chunks'],
  ['orphan_chunks', 'chunks without a document'],
  ['lexical', 'missing from the keyword index'],
  ['vectors', 'missing vectors'],
  ['sentences', 'missing sentence vectors'],
];

function countsByKind(drift: IndexDrift[]): { kind: string; label: string; n: number }[] {
  return KIND_LABELS.map(([kind, label]) => ({ kind, label, n: drift.filter((d) => d.kind === kind).length })).filter((c) => c.n > 0);
}

/** Says when the index disagrees with the workspace, and offers the fix; nothing when clean. */
export function IndexDriftBanner({ onReindex, busy }: { onReindex: () => void; busy: boolean }) {
  const v = useStore(verifyStore);
  if (v.error) {
    return (
      <p className="banner banner-error" role="alert" data-testid="verify-error">
        ✗ Could not verify the index: {v.error}
      </p>
    );
  }
  const r = v.result;
  if (!r || r.clean) return null;
  const counts = countsByKind(r.drift);
  return (
    <div className="banner banner-warn drift-banner" role="alert" data-testid="index-drift">
      <div>
        <strong>
          The index is out of step with the workspace ({r.drift.length} {r.drift.length === 1 ? 'problem' : 'problems'}).
        </strong>{' '}
        Checks may cite text that is no longer published, or miss new text.
        <ul className="drift-counts">
          {counts.map((c) => (
            <li key={c.kind} data-testid={`drift-${c.kind}`}>
              {c.n} {c.label}
            </li>
          ))}
        </ul>
        <details>
          <summary>Details</summary>
          <ul className="drift-list">
            {r.drift.map((d) => (
              <li key={d.kind + d.doc_id + d.message}>
                <code>{d.path || d.doc_id || 'index'}</code>: {d.message}
              </li>
            ))}
          </ul>
        </details>
      </div>
      <button type="button" className="btn btn-primary" onClick={onReindex} disabled={busy}>
        <RotateCcw size={16} aria-hidden /> Re-index
      </button>
    </div>
  );
}
