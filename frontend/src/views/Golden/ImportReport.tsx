import { AlertTriangle, Check, XCircle } from 'lucide-react';
import type { GoldenImport, GoldenProblem } from '../../api';

export function where(p: GoldenProblem): string {
  return [p.sheet, p.row > 0 ? `Row ${p.row}` : '', p.column ? `Column ${p.column}` : ''].filter(Boolean).join(' · ') || 'File';
}

export function ImportReport({ report, onValidOnly }: { report: GoldenImport; onValidOnly?: () => void }) {
  const failed = !report.saved;
  return (
    <section className="panel" aria-labelledby="import-report-title" data-testid="import-report">
      <h2 id="import-report-title" className="panel-title">
        {failed ? <XCircle size={16} aria-hidden /> : <Check size={16} aria-hidden />}
        {failed
          ? `Nothing imported from ${report.file}: ${report.errors.length} errors`
          : report.unchanged
            ? `Unchanged: “${report.set}” already holds these ${report.imported} questions; no new version (v${report.version})`
            : `Imported ${report.imported} questions into “${report.set}” (v${report.version})`}
      </h2>
      <p className="muted" role="status" aria-live="polite">
        Import: {report.errors.length} errors · {report.warnings.length} warnings
      </p>
      {report.errors.length > 0 && (
        <ul className="plain-list gold-problems">
          {report.errors.map((p, i) => (
            <li key={`e${i}`} className="gold-error">
              <XCircle size={12} aria-hidden /> <strong>Error</strong> {where(p)}: {p.message}
            </li>
          ))}
        </ul>
      )}
      {report.warnings.length > 0 && (
        <ul className="plain-list gold-problems">
          {report.warnings.map((p, i) => (
            <li key={`w${i}`} className="gold-warning">
              <AlertTriangle size={12} aria-hidden /> <strong>Warning</strong> {where(p)}: {p.message}
            </li>
          ))}
        </ul>
      )}
      {failed && onValidOnly && report.errors.some((e) => e.row > 0) && (
        <button type="button" className="btn" onClick={onValidOnly}>
          Import the valid rows only
        </button>
      )}
    </section>
  );
}
