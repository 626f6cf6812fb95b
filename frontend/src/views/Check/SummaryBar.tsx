import type { CheckReport, Verdict } from '../../api/check';
import { VERDICT_ORDER, VERDICT_WORD, VerdictIcon } from './verdicts';

const count = (r: CheckReport, v: Verdict) =>
  v === 'contradicted' ? r.summary.contradicted : v === 'not_covered' ? r.summary.not_covered : r.summary.supported;

// Filter chips with counts; each is a toggle button (aria-pressed).
export function SummaryBar({ report, filters, onToggle }: { report: CheckReport; filters: Record<Verdict, boolean>; onToggle: (v: Verdict) => void }) {
  return (
    <div className="summary-bar" role="group" aria-label="Filter claims by verdict">
      {VERDICT_ORDER.map((v) => (
        <button key={v} type="button" className={`chip verdict-${v}`} aria-pressed={filters[v]} onClick={() => onToggle(v)} data-testid={`chip-${v}`}>
          <VerdictIcon verdict={v} /> {VERDICT_WORD[v]} {count(report, v)}
        </button>
      ))}
      <span className="engine-pill" data-testid="engine-label">
        {report.engine_label}
      </span>
    </div>
  );
}
