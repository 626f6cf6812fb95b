import type { Scorecard } from '../../api';
import { metricLabel } from './format';

const W = 520;
const H = 150;
const PAD = 24;
const DASH = ['', '6 3', '2 3', '8 3 2 3'];

/** One line per gated metric across finished runs, threshold as a reference line. */
export function Trend({ card, gated }: { card: Scorecard; gated: { metric: string; threshold?: number }[] }) {
  const pts = card.trend;
  if (pts.length < 2) {
    return <p className="muted" data-testid="trend-empty">The trend appears after the second finished run of this golden set.</p>;
  }
  const x = (i: number) => PAD + (i * (W - 2 * PAD)) / (pts.length - 1);
  const y = (v: number) => PAD / 2 + (1 - Math.max(0, Math.min(1, v))) * (H - PAD);
  const summary = gated
    .map((g) => {
      const last = pts[pts.length - 1].means.find((m) => m.key === g.metric)?.value;
      return `${metricLabel(g.metric)} ${last == null ? 'not measured' : last.toFixed(2)}`;
    })
    .join(', ');
  return (
    <figure className="ev-trend">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`Trend over ${pts.length} runs; latest: ${summary}`}>
        {gated.map((g) =>
          g.threshold == null ? null : (
            <line key={`t-${g.metric}`} x1={PAD} x2={W - PAD} y1={y(g.threshold)} y2={y(g.threshold)} className="ev-trend-threshold" />
          ),
        )}
        {gated.map((g, gi) => {
          const line = pts
            .map((p, i) => {
              const v = p.means.find((m) => m.key === g.metric)?.value;
              return v == null ? null : `${x(i)},${y(v)}`;
            })
            .filter(Boolean)
            .join(' ');
          return (
            <g key={g.metric} className={`ev-series ev-series-${gi}`}>
              <polyline points={line} fill="none" strokeDasharray={DASH[gi % DASH.length]} />
              {pts.map((p, i) => {
                const v = p.means.find((m) => m.key === g.metric)?.value;
                if (v == null) return null;
                const base = card.baseline?.run_id === p.run_id;
                return base ? (
                  <rect key={p.run_id} x={x(i) - 4} y={y(v) - 4} width={8} height={8} className="ev-trend-base" />
                ) : (
                  <circle key={p.run_id} cx={x(i)} cy={y(v)} r={3} />
                );
              })}
            </g>
          );
        })}
      </svg>
      <figcaption className="ev-legend">
        {gated.map((g, gi) => (
          <span key={g.metric} className={`ev-series ev-series-${gi}`}>
            <svg width="22" height="8" aria-hidden>
              <line x1="0" x2="22" y1="4" y2="4" strokeDasharray={DASH[gi % DASH.length]} />
            </svg>
            {metricLabel(g.metric)}
          </span>
        ))}
        <span className="muted small">■ baseline run · dashed grey = thresholds</span>
      </figcaption>
    </figure>
  );
}
