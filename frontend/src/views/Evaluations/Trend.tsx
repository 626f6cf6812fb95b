import { useMemo, useRef, useState } from 'react';
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Scorecard } from '../../api';
import { fmt, metricLabel } from './format';
import { SERIES, chartData, trendRows, verdict, type GatedMetric, type TrendRow } from './trendData';

const TICKS = [0, 0.2, 0.4, 0.6, 0.8, 1];

/**
 * The gated metrics' means across finished runs: runs on the x axis by date, a 0–1 y axis, one dashed
 * threshold line per metric, a legend that hides a metric, tooltips with the values, and a click on a
 * run that opens it. The same values are in a table below the chart (its text alternative).
 */
export function Trend({ card, gated, onOpenRun }: { card: Scorecard; gated: GatedMetric[]; onOpenRun?: (runId: string) => void }) {
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const hover = useRef<number | null>(null);
  const rows = useMemo(() => trendRows(card, gated), [card, gated]);
  const data = useMemo(() => chartData(rows), [rows]);
  if (rows.length < 2) {
    return <p className="muted" data-testid="trend-empty">The trend appears after the second finished run of this golden set.</p>;
  }
  const byId = new Map(rows.map((r) => [r.run_id, r]));
  const last = rows[rows.length - 1];
  const summary = gated.map((g) => `${metricLabel(g.metric)} ${last.values[g.metric] == null ? 'not measured' : fmt(last.values[g.metric], 2)}`).join(', ');
  const label = `Trend over ${rows.length} evaluations from ${rows[0].date} to ${last.date}; latest: ${summary}`;
  const toggle = (m: string) =>
    setHidden((h) => {
      const n = new Set(h);
      if (n.has(m)) n.delete(m);
      else n.add(m);
      return n;
    });
  const seenThresholds = new Set<number>();
  const open = (id: string) => {
    if (onOpenRun && id !== card.run.id) onOpenRun(id);
  };
  return (
    <figure className="ev-trend" aria-label={label} data-testid="eval-trend">
      <div className="ev-trend-chart">
        <ResponsiveContainer width="100%" height={280}>
          <LineChart
            data={data}
            margin={{ top: 22, right: 56, bottom: 4, left: 4 }}
            accessibilityLayer={false}
            onMouseMove={(s) => {
              hover.current = s.activeIndex == null ? null : Number(s.activeIndex);
            }}
            onMouseLeave={() => {
              hover.current = null;
            }}
            onClick={(s) => {
              // the click's own state can lack the index the tooltip shows; the last hovered run is the one clicked
              const i = s.activeIndex != null ? Number(s.activeIndex) : hover.current;
              const r = i == null ? undefined : rows[i];
              if (r) open(r.run_id);
            }}
            style={{ cursor: onOpenRun ? 'pointer' : undefined }}
          >
            <CartesianGrid stroke="#e4e7eb" vertical={false} />
            <XAxis
              dataKey="run_id"
              interval={rows.length <= 12 ? 0 : 'preserveStartEnd'}
              padding={{ left: 28, right: 28 }}
              minTickGap={12}
              height={48}
              tick={(p) => <DateTick x={Number(p.x)} y={Number(p.y)} row={byId.get(String(p.payload.value))} />}
              label={{ value: 'run start (UTC)', position: 'insideBottom', offset: 0, className: 'ev-axis-title' }}
            />
            <YAxis
              domain={[0, 1]}
              ticks={TICKS}
              tickFormatter={(v: number) => v.toFixed(1)}
              width={48}
              label={{ value: 'mean (0–1)', angle: -90, position: 'insideLeft', offset: 10, className: 'ev-axis-title' }}
            />
            {gated.map((g, i) => {
              if (g.threshold == null || hidden.has(g.metric)) return null;
              const first = !seenThresholds.has(g.threshold);
              seenThresholds.add(g.threshold);
              return (
                <ReferenceLine
                  key={`th-${g.metric}`}
                  y={g.threshold}
                  stroke={SERIES[i % SERIES.length].colour}
                  strokeOpacity={0.6}
                  strokeDasharray="4 4"
                  label={first ? { value: `≥ ${g.threshold.toFixed(2)}`, position: 'right', className: 'ev-th-label' } : undefined}
                />
              );
            })}
            {card.baseline && byId.has(card.baseline.run_id) && (
              <ReferenceLine x={card.baseline.run_id} stroke="#9aa3b2" strokeDasharray="2 2" label={{ value: 'baseline', position: 'top', className: 'ev-th-label' }} />
            )}
            <ReferenceLine x={card.run.id} stroke="#57606a" strokeOpacity={0.5} label={{ value: 'this run', position: 'top', className: 'ev-th-label' }} />
            <Tooltip content={(p) => <TrendTooltip active={p.active} label={p.label} rows={rows} gated={gated} hidden={hidden} />} isAnimationActive={false} />
            {gated.map((g, i) => (
              <Line
                key={g.metric}
                type="linear"
                dataKey={g.metric}
                name={metricLabel(g.metric)}
                hide={hidden.has(g.metric)}
                stroke={SERIES[i % SERIES.length].colour}
                strokeDasharray={SERIES[i % SERIES.length].dash}
                strokeWidth={2}
                dot={(p: DotProps) => <RunDot key={`${g.metric}-${p.index}`} {...p} r={3.5} onOpen={open} />}
                activeDot={(p: DotProps) => <RunDot {...p} r={6} onOpen={open} />}
                connectNulls
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="ev-legend" aria-label="Metrics shown">
        {gated.map((g, i) => {
          const s = SERIES[i % SERIES.length];
          const on = !hidden.has(g.metric);
          return (
            <button key={g.metric} type="button" className="ev-legend-item" aria-pressed={on} onClick={() => toggle(g.metric)} title={on ? 'Hide this metric' : 'Show this metric'}>
              <svg width="24" height="10" aria-hidden>
                <line x1="0" x2="24" y1="5" y2="5" stroke={s.colour} strokeWidth="2" strokeDasharray={s.dash} />
              </svg>
              {metricLabel(g.metric)} <span className="mono small">{fmt(last.values[g.metric], 2)}</span>
              {g.threshold != null && <span className="muted small"> ≥ {g.threshold.toFixed(2)}</span>}
            </button>
          );
        })}
        <span className="muted small">Click a metric to hide or show it; click a run to open it. Dashed lines are thresholds.</span>
      </figcaption>
      <details className="ev-trend-values">
        <summary>Trend values as a table</summary>
        <TrendTable rows={rows} gated={gated} current={card.run.id} onOpenRun={onOpenRun} />
      </details>
    </figure>
  );
}

interface DotProps {
  cx?: number;
  cy?: number;
  index?: number;
  stroke?: string;
  payload?: { run_id?: string };
}

/** A point of a line; clicking it opens its run. */
function RunDot({ cx, cy, r, stroke, payload, onOpen }: DotProps & { r: number; onOpen: (id: string) => void }) {
  if (cx == null || cy == null) return null;
  return (
    <circle
      cx={cx}
      cy={cy}
      r={r}
      fill={stroke}
      className="ev-dot"
      onClick={(e) => {
        e.stopPropagation();
        if (payload?.run_id) onOpen(payload.run_id);
      }}
    />
  );
}

function DateTick({ x, y, row }: { x: number; y: number; row?: TrendRow }) {
  return (
    <text x={x} y={y + 12} textAnchor="middle" className="ev-tick">
      <tspan x={x}>{row?.date ?? ''}</tspan>
      <tspan x={x} dy={13}>
        {row?.time ?? ''}
      </tspan>
    </text>
  );
}

function TrendTooltip({ active, label, rows, gated, hidden }: { active: boolean; label?: string | number; rows: TrendRow[]; gated: GatedMetric[]; hidden: Set<string> }) {
  const r = rows.find((x) => x.run_id === label);
  if (!active || !r) return null;
  return (
    <div className="ev-tooltip" data-testid="trend-tooltip">
      <div>
        <strong>
          {r.date} {r.time}
        </strong>{' '}
        <span className="muted mono small">{r.run_id}</span>
      </div>
      <table>
        <tbody>
          {gated
            .filter((g) => !hidden.has(g.metric))
            .map((g) => {
              const v = r.values[g.metric];
              const w = verdict(v, g.threshold);
              return (
                <tr key={g.metric}>
                  <th scope="row">{metricLabel(g.metric)}</th>
                  <td className="mono">{v == null ? 'not measured' : fmt(v, 3)}</td>
                  <td className={w === 'fail' ? 'ev-tt-fail' : 'muted'}>{w === 'pass' ? '✓ pass' : w === 'fail' ? '✗ below' : ''}</td>
                </tr>
              );
            })}
        </tbody>
      </table>
      <div className="muted small">
        {r.errors} errors · gate {r.gate_pass ? 'passed' : 'failed'} · click to open this run
      </div>
    </div>
  );
}

function TrendTable({ rows, gated, current, onOpenRun }: { rows: TrendRow[]; gated: GatedMetric[]; current: string; onOpenRun?: (id: string) => void }) {
  return (
    <table className="table ev-trend-table" data-testid="trend-table">
      <thead>
        <tr>
          <th scope="col">Run (UTC)</th>
          {gated.map((g) => (
            <th key={g.metric} scope="col">
              {metricLabel(g.metric)}
              {g.threshold != null && <span className="muted small"> ≥ {g.threshold.toFixed(2)}</span>}
            </th>
          ))}
          <th scope="col">Gate</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.run_id} className={r.run_id === current ? 'ev-row-open' : undefined}>
            <th scope="row">
              {onOpenRun && r.run_id !== current ? (
                <button type="button" className="link-button" onClick={() => onOpenRun(r.run_id)} aria-label={`Open the scorecard of ${r.date} ${r.time}`}>
                  {r.date} {r.time}
                </button>
              ) : (
                `${r.date} ${r.time}${r.run_id === current ? ' (this run)' : ''}`
              )}
            </th>
            {gated.map((g) => (
              <td key={g.metric} className="mono">
                {r.values[g.metric] == null ? 'not measured' : fmt(r.values[g.metric], 3)}
              </td>
            ))}
            <td>{r.gate_pass ? 'pass' : 'fail'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
