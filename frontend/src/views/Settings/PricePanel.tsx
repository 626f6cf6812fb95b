import { Coins, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { api } from '../../api';
import type { ModelPrice } from '../../api/settings';
import { ErrorBanner } from '../../components/ErrorBanner';

// Loaded only when opened: most writers never edit prices.
export function PricePanel() {
  const [rows, setRows] = useState<ModelPrice[]>();
  const [error, setError] = useState<Error>();
  const [saved, setSaved] = useState(false);
  const load = async () => {
    if (rows) return;
    try {
      setRows(await api.settings.prices());
    } catch (e) {
      setError(e as Error);
    }
  };
  const edit = (i: number, patch: Partial<ModelPrice>) => {
    setSaved(false);
    setRows(rows?.map((r, j) => (j === i ? ({ ...r, ...patch } as ModelPrice) : r)));
  };
  const save = async () => {
    setError(undefined);
    try {
      await api.settings.savePrices(rows ?? []);
      setSaved(true);
    } catch (e) {
      setError(e as Error);
    }
  };
  const num = (v: string) => (v === '' ? 0 : Number(v));
  return (
    <details className="panel form" onToggle={(e) => (e.currentTarget as HTMLDetailsElement).open && void load()}>
      <summary className="panel-title">
        <Coins size={16} aria-hidden /> Model prices (USD per million tokens)
      </summary>
      <p className="muted">Used to show what a run costs. A model not listed here shows tokens with the cost “unknown”.</p>
      {error && <ErrorBanner error={error} />}
      {saved && (
        <p className="banner banner-ok" role="status">
          Prices saved.
        </p>
      )}
      {rows && (
        <table className="price-table">
          <thead>
            <tr>
              <th scope="col">Model</th>
              <th scope="col">Input</th>
              <th scope="col">Output</th>
              <th scope="col">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                <td>
                  <input aria-label={`Model ${i + 1}`} value={r.model} onChange={(e) => edit(i, { model: e.target.value })} />
                </td>
                <td>
                  <input aria-label={`Input price ${i + 1}`} type="number" min="0" step="any" value={r.input_per_mtok}
                    onChange={(e) => edit(i, { input_per_mtok: num(e.target.value) })} />
                </td>
                <td>
                  <input aria-label={`Output price ${i + 1}`} type="number" min="0" step="any" value={r.output_per_mtok}
                    onChange={(e) => edit(i, { output_per_mtok: num(e.target.value) })} />
                </td>
                <td>
                  <button type="button" className="btn btn-small" aria-label={`Remove ${r.model || 'row'}`}
                    onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                    <Trash2 size={14} aria-hidden />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows && (
        <div className="row">
          <button type="button" className="btn" onClick={() => setRows([...rows, { model: '', input_per_mtok: 0, output_per_mtok: 0 } as ModelPrice])}>
            <Plus size={14} aria-hidden /> Add model
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void save()}>
            Save prices
          </button>
        </div>
      )}
    </details>
  );
}
