import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { api, type MetricThreshold } from '../../api';
import { ErrorBanner } from '../../components/ErrorBanner';

type Row = { metric: string; meaning: string; value: string; advisory: boolean; custom: boolean };

const toRows = (ts: MetricThreshold[]): Row[] =>
  ts.map((t) => ({ metric: t.metric, meaning: t.meaning, value: t.advisory ? '' : String(t.threshold), advisory: t.advisory, custom: t.custom }));

/** rowProblem says in words why a row cannot be saved, or ''. */
export function rowProblem(r: Row): string {
  if (r.advisory) return '';
  const v = r.value.trim();
  if (v === '') return `${r.metric}: enter a threshold between 0 and 1, or tick “no threshold”`;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0 || n > 1) return `${r.metric}: “${v}” is not a number between 0 and 1`;
  return '';
}

/** ThresholdsPanel edits a golden set's gate thresholds; new runs record them, earlier runs keep their own. */
export function ThresholdsPanel({ set }: { set: string }) {
  const [saved, setSaved] = useState<Row[]>([]);
  const [rows, setRows] = useState<Row[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [error, setError] = useState<Error | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setError(null);
    setNote('');
    setProblems([]);
    api.eval.getThresholds(set).then(
      (ts) => live && (setSaved(toRows(ts)), setRows(toRows(ts))),
      (e: Error) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [set]);

  const edit = (metric: string, patch: Partial<Row>) => {
    setNote('');
    setRows((rs) => rs.map((r) => (r.metric === metric ? { ...r, ...patch } : r)));
  };

  const save = async () => {
    setError(null);
    setNote('');
    const bad = rows.map(rowProblem).filter(Boolean);
    setProblems(bad);
    if (bad.length) return;
    const changed = rows.filter((r, i) => r.advisory !== saved[i]?.advisory || (!r.advisory && Number(r.value) !== Number(saved[i]?.value)));
    if (!changed.length) return setNote('Nothing changed.');
    setBusy(true);
    try {
      const ts = await api.eval.setThresholds(
        set,
        changed.map((r) => ({ metric: r.metric, threshold: r.advisory ? 0 : Number(r.value), advisory: r.advisory, meaning: '', custom: false })),
      );
      setSaved(toRows(ts));
      setRows(toRows(ts));
      setNote('Saved. New runs are gated with these; earlier runs keep the thresholds they were run with.');
    } catch (e) {
      setError(e as Error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="panel ev-thresholds" data-testid="eval-thresholds">
      <summary className="panel-title">Thresholds for “{set}”</summary>
      {error && <ErrorBanner error={error} />}
      {problems.length > 0 && (
        <div className="banner banner-error" role="alert">
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      <table className="ev-th-table">
        <thead>
          <tr>
            <th scope="col">Metric</th>
            <th scope="col">Pass mark (0–1)</th>
            <th scope="col">No threshold</th>
            <th scope="col">Source</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.metric}>
              <th scope="row">
                <code>{r.metric}</code>
                <div className="muted small">{r.meaning}</div>
              </th>
              <td>
                <input
                  type="number"
                  min={0}
                  max={1}
                  step={0.01}
                  value={r.value}
                  disabled={r.advisory}
                  aria-label={`${r.metric} threshold`}
                  aria-invalid={!!rowProblem(r)}
                  onChange={(e) => edit(r.metric, { value: e.target.value })}
                />
              </td>
              <td>
                <input
                  type="checkbox"
                  checked={r.advisory}
                  aria-label={`${r.metric}: no threshold (reported, not gated)`}
                  onChange={(e) => edit(r.metric, { advisory: e.target.checked, value: e.target.checked ? '' : r.value || '0.8' })}
                />
              </td>
              <td className="muted small">{r.custom ? 'this set' : 'default'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="ev-th-actions">
        <button type="button" className="btn btn-primary btn-small" onClick={() => void save()} disabled={busy || !rows.length}>
          <Save size={12} aria-hidden /> Save thresholds
        </button>
        {note && (
          <span className="muted small" role="status">
            {note}
          </span>
        )}
      </div>
    </details>
  );
}
