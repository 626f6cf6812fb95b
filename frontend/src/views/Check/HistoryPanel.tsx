import { History, Trash2 } from 'lucide-react';
import type { CheckHistoryEntry, TriageItem } from '../../api/check';
import { type TriageGoldenProps, TriageGoldenForm } from './TriageGoldenForm';
import { VERDICT_WORD } from './verdicts';

// Where a check was made (check.Source): the CLI, the desktop app or a client of the team server.
const SOURCE: Record<string, string> = { cli: 'CLI', desktop: 'app', server: 'team server' };

const when = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
};

export function HistoryList({ entries, current, onOpen, onDelete }: { entries: CheckHistoryEntry[]; current?: number; onOpen: (id: number) => void; onDelete: (id: number) => void }) {
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title" className="panel-title">
        <History size={16} aria-hidden /> Past checks
      </h2>
      {entries.length === 0 && <p className="muted small">No checks yet. Every check is kept here.</p>}
      <ul className="plain-list history-list" data-testid="check-history">
        {entries.map((e) => (
          <li key={e.id} className={e.id === current ? 'current' : ''}>
            <button type="button" className="link-button" onClick={() => onOpen(e.id)}>
              {e.title}
            </button>
            <span className="muted small">
              {when(e.created_at)} · {e.engine_label} · {SOURCE[e.source] ?? e.source}
            </span>
            <span className="small">
              ✗ {e.summary.contradicted} · ? {e.summary.not_covered} · ✓ {e.summary.supported}
            </span>
            <button type="button" className="btn btn-small" aria-label={`Delete check ${e.title} from ${when(e.created_at)}`} onClick={() => onDelete(e.id)}>
              <Trash2 size={12} aria-hidden />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function TriageList({ items, onOpen, loadSets, onAddGolden }: {
  items: TriageItem[];
  onOpen: (id: number) => void;
  loadSets: TriageGoldenProps['loadSets'];
  onAddGolden: (item: TriageItem, set: string, question: string) => ReturnType<TriageGoldenProps['onAdd']>;
}) {
  return (
    <section aria-labelledby="triage-title">
      <h2 id="triage-title" className="panel-title">
        Triage · verdicts marked wrong
      </h2>
      {items.length === 0 && <p className="muted small">Mark a verdict 👎 to collect it here for the golden set.</p>}
      <ul className="plain-list triage-list" data-testid="triage-list">
        {items.map((t) => (
          <li key={`${t.check_id}-${t.claim_index}`}>
            <span className="small">
              {VERDICT_WORD[t.verdict as keyof typeof VERDICT_WORD] ?? t.verdict} · {t.draft_title}
            </span>
            <span>“{t.claim_text}”</span>
            {t.note && <span className="small" data-testid="triage-note">👎 {t.note}</span>}
            <span className="muted small">chunks: {t.chunk_ids.length ? t.chunk_ids.join(', ') : 'none'}</span>
            <button type="button" className="link-button small" onClick={() => onOpen(t.check_id)}>
              Open check
            </button>
            <TriageGoldenForm item={t} loadSets={loadSets} onAdd={(set, question) => onAddGolden(t, set, question)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
