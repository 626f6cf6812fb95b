import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { EvalQuestion } from '../../api';
import { AnswerDiff } from './AnswerDiff';
import { ApprovedContradiction } from './ApprovedContradiction';
import { StatusBadge } from './StatusBadge';
import { fmt, metricLabel, signed } from './format';
import { answerChanged } from './questionsTable';

export function ContradictsBadge() {
  return (
    <span className="ev-contradicts" title="A claim of this answer contradicts the approved answer; the baseline's did not">
      contradicts approved answer
    </span>
  );
}

// One question's drill-down: answers, scores, claims and passages; J/K move, Escape closes.
export function QuestionDrawer({ q, baselineRunId, onClose, onMove }: { q: EvalQuestion; baselineRunId?: string; onClose: () => void; onMove: (d: number) => void }) {
  const hasBaseline = !!baselineRunId;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), [q.id]);
  return (
    <aside
      ref={ref}
      tabIndex={-1}
      className="ev-drawer"
      role="dialog"
      aria-label={`Question ${q.id}`}
      data-testid="eval-drawer"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
        if (e.key === 'j' || e.key === 'ArrowDown') onMove(1);
        if (e.key === 'k' || e.key === 'ArrowUp') onMove(-1);
      }}
    >
      <header className="ev-drawer-head">
        <strong className="mono">{q.id}</strong> <StatusBadge status={q.status} /> <span className="muted">{q.category}</span>
        {q.contradicts_approved && (
          <>
            {' '}
            <ContradictsBadge />
          </>
        )}
        <span className="ev-spacer" />
        <button type="button" className="btn btn-small" onClick={() => onMove(-1)} title="Previous question (K)" aria-label="Previous question">
          <ArrowUp size={14} aria-hidden />
        </button>
        <button type="button" className="btn btn-small" onClick={() => onMove(1)} title="Next question (J)" aria-label="Next question">
          <ArrowDown size={14} aria-hidden />
        </button>
        <button type="button" className="btn btn-small" onClick={onClose} aria-label="Close question">
          <X size={14} aria-hidden />
        </button>
      </header>
      <p className="ev-question">{q.question}</p>
      {q.error && (
        <div className="banner banner-error" role="note">
          Error: {q.error}
        </div>
      )}
      {q.why.length > 0 && (
        <ul className="ev-why">
          {q.why.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      <div className="ev-answers">
        <div>
          <h3>Approved answer</h3>
          <p>{q.reference || '—'}</p>
        </div>
        <div>
          <h3>Produced answer{q.refused ? ' (refused)' : ''}</h3>
          <p>{q.answer || '—'}</p>
        </div>
      </div>
      {q.contradicts_approved && (q.contradicted_claims ?? []).length > 0 && (
        <div className="banner banner-error" role="note" data-testid="eval-contradicted-claims">
          Now contradicts the approved answer:
          <ul>
            {(q.contradicted_claims ?? []).map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      )}
      {q.approved_contradiction && <ApprovedContradiction c={q.approved_contradiction} />}
      {hasBaseline && answerChanged(q) && <AnswerDiff baseline={q.baseline_answer} current={q.answer} baselineRunId={baselineRunId} />}
      <h3>Expected documents</h3>
      <p className="ev-docs">
        {q.references.length === 0 && <span className="muted">none (refuse question)</span>}
        {q.references.map((r) => (
          <span key={r.doc_id} className={`ev-doc ${r.found ? 'ev-hit' : 'ev-miss'}`}>
            {r.found ? '✓ hit' : '✕ miss'} <code>{r.doc_id}</code>
          </span>
        ))}
      </p>
      <h3>Scores</h3>
      <table className="ev-scores">
        <tbody>
          {q.scores.map((s) => (
            <tr key={s.metric}>
              <th scope="row">{metricLabel(s.metric)}</th>
              <td className="mono">{fmt(s.value, 2)}</td>
              <td>{s.below ? <StatusBadge status="fail" /> : null}</td>
              <td className="mono small">{s.delta != null ? `${signed(s.delta, 2)} vs ${fmt(s.baseline, 2)}` : ''}</td>
              <td className="small muted">{s.method}{s.flaky ? ' · flaky' : ''}</td>
            </tr>
          ))}
          {q.not_measured.map((n) => (
            <tr key={n.metric}>
              <th scope="row">{metricLabel(n.metric)}</th>
              <td colSpan={4}>
                <StatusBadge status="not_measured" /> <span className="small muted">{n.reason}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {q.claims.length > 0 && (
        <>
          <h3>Answer claims</h3>
          <ul className="ev-claims">
            {q.claims.map((c, i) => (
              <li key={i}>
                <span className={`ev-verdict ev-v-${c.verdict}`}>{c.verdict.replace('_', ' ')}</span> {c.claim}
                {c.reason && <div className="small muted">{c.reason}</div>}
              </li>
            ))}
          </ul>
        </>
      )}
      {q.evidence.length > 0 && (
        <ul className="small muted">
          {q.evidence.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      <h3>Retrieved chunks</h3>
      <ol className="ev-chunks">
        {q.retrieved.map((c) => (
          <li key={c.rank}>
            <div className="ev-chunk-head">
              <span className={`ev-doc ${c.hit ? 'ev-hit' : 'ev-miss'}`}>{c.hit ? '✓ reference' : 'other'}</span> <strong>{c.title}</strong>{' '}
              <code className="small">{c.chunk_id}</code>
            </div>
            <p className="ev-chunk-text">{c.text}</p>
          </li>
        ))}
      </ol>
    </aside>
  );
}
