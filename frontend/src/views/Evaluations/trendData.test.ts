import { describe, expect, it } from 'vitest';
import type { Scorecard } from '../../api';
import { chartData, gatedMetrics, runDate, trendRows, verdict } from './trendData';

const card = {
  run: { id: 'r2' },
  tiles: [
    { metric: 'faithfulness', threshold: 0.9 },
    { metric: 'context_precision' },
    { metric: 'id_context_recall', threshold: 0.8 },
  ],
  trend: [
    { run_id: 'r1', started_at: '2026-11-28T09:15:00Z', gate_pass: false, errors: 1, means: [{ key: 'faithfulness', value: 0.7 }, { key: 'context_precision', value: 0.5 }] },
    { run_id: 'r2', started_at: '2026-12-01T08:45:30Z', gate_pass: true, errors: 0, means: [{ key: 'faithfulness', value: 0.95 }, { key: 'id_context_recall', value: 0.85 }] },
  ],
} as unknown as Scorecard;

describe('trend chart data', () => {
  it('takes the gated metrics from the tiles, in tile order', () => {
    expect(gatedMetrics(card)).toEqual([
      { metric: 'faithfulness', threshold: 0.9 },
      { metric: 'id_context_recall', threshold: 0.8 },
    ]);
  });

  it('maps each run to its date, time and a value or null per gated metric', () => {
    const rows = trendRows(card, gatedMetrics(card));
    expect(rows.map((r) => [r.run_id, r.date, r.time])).toEqual([
      ['r1', '2026-11-28', '09:15'],
      ['r2', '2026-12-01', '08:45'],
    ]);
    expect(rows[0].values).toEqual({ faithfulness: 0.7, id_context_recall: null });
    expect(rows[1].values).toEqual({ faithfulness: 0.95, id_context_recall: 0.85 });
    expect(rows[0]).toMatchObject({ gate_pass: false, errors: 1 });
  });

  it('flattens rows for Recharts: one key per metric, ungated metrics left out', () => {
    const data = chartData(trendRows(card, gatedMetrics(card)));
    expect(data[0]).toEqual({ run_id: 'r1', date: '2026-11-28', time: '09:15', faithfulness: 0.7, id_context_recall: null });
    expect(data[1]).not.toHaveProperty('context_precision');
  });

  it('keeps an unparsable start time as the date', () => {
    expect(runDate('yesterday')).toEqual({ date: 'yesterday', time: '' });
  });

  it('says pass or fail only for a measured, gated value', () => {
    expect([verdict(0.9, 0.9), verdict(0.89, 0.9), verdict(null, 0.9), verdict(0.5)]).toEqual(['pass', 'fail', '', '']);
  });
});
