import type { Scorecard } from '../../api';

/** One series' look: colour and dash, so lines differ without colour too. */
export const SERIES = [
  { colour: '#1f6feb', dash: '' },
  { colour: '#8250df', dash: '7 4' },
  { colour: '#9a6700', dash: '2 3' },
  { colour: '#1a7f37', dash: '9 3 2 3' },
  { colour: '#bf3989', dash: '4 2' },
  { colour: '#cf222e', dash: '1 2' },
  { colour: '#57606a', dash: '6 2 1 2' },
  { colour: '#0a3069', dash: '3 6' },
];

export interface GatedMetric {
  metric: string;
  threshold?: number;
}

/** One run on the trend chart: its ID, date labels, and each metric's mean (null = not measured). */
export interface TrendRow {
  run_id: string;
  started_at: string;
  date: string;
  time: string;
  gate_pass: boolean;
  errors: number;
  values: Record<string, number | null>;
}

/** Splits an RFC 3339 UTC start into a date and a time label ("2026-12-01", "08:45"). */
export function runDate(started: string): { date: string; time: string } {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(started);
  return m ? { date: m[1], time: m[2] } : { date: started, time: '' };
}

/** The scorecard's trend, oldest first, with a value (or null) for every gated metric. */
export function trendRows(card: Scorecard, metrics: GatedMetric[]): TrendRow[] {
  return card.trend.map((p) => {
    const values: Record<string, number | null> = {};
    for (const g of metrics) values[g.metric] = p.means.find((m) => m.key === g.metric)?.value ?? null;
    return { run_id: p.run_id, started_at: p.started_at, ...runDate(p.started_at), gate_pass: p.gate_pass, errors: p.errors, values };
  });
}

/** Recharts reads flat objects: the row's fields plus one key per metric. */
export function chartData(rows: TrendRow[]): Record<string, string | number | boolean | null>[] {
  return rows.map((r) => ({ run_id: r.run_id, date: r.date, time: r.time, ...r.values }));
}

/** Gated metrics from the scorecard's tiles, in tile order. */
export function gatedMetrics(card: Scorecard): GatedMetric[] {
  return card.tiles.filter((t) => t.threshold != null).map((t) => ({ metric: t.metric, threshold: t.threshold }));
}

/** Whether a value passes its gate: 'pass', 'fail', or '' when not gated or not measured. */
export function verdict(v: number | null | undefined, threshold?: number): 'pass' | 'fail' | '' {
  if (v == null || threshold == null) return '';
  return v >= threshold ? 'pass' : 'fail';
}
