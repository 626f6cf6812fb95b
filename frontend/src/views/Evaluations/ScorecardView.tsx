import { CheckCircle2, XCircle } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { Scorecard } from '../../api';
import { Questions } from './Questions';
import { StatusBadge } from './StatusBadge';
import { Trend } from './Trend';
import { fmt, metricLabel, signed } from './format';
import { gatedMetrics } from './trendData';

export function ScorecardView({ card, onOpenRun }: { card: Scorecard; onOpenRun?: (runId: string) => void }) {
  const [category, setCategory] = useState('');
  const gated = useMemo(() => gatedMetrics(card), [card]);
  return (
    <div data-testid="scorecard">
      <Verdict card={card} />
      <div className="ev-tiles" data-testid="eval-tiles">
        {card.tiles.map((t) => (
          <article key={t.metric} id={`tile-${t.metric}`} className={`ev-tile ev-tile-${t.status}`} aria-label={metricLabel(t.metric)}>
            <header>
              <h3>{metricLabel(t.metric)}</h3>
              <StatusBadge status={t.status} />
            </header>
            <div className="ev-tile-value mono">{fmt(t.mean)}</div>
            <div className="small">
              {t.threshold != null ? <span className="mono">threshold ≥ {t.threshold.toFixed(2)}</span> : <span className="muted">advisory (no threshold)</span>}
              {t.delta != null && (
                <span
                  className={`mono ev-delta ${t.delta < 0 ? 'ev-down' : t.delta > 0 ? 'ev-up' : ''}`}
                  title={`${t.improved} questions improved, ${t.regressed} regressed vs baseline (${fmt(t.baseline)})`}
                >
                  {' '}
                  {t.delta > 0 ? '▲' : t.delta < 0 ? '▼' : '='} {signed(t.delta)}
                </span>
              )}
            </div>
            <p className="ev-meaning">{t.meaning}</p>
            <p className="small muted">
              {t.measured} measured · {t.not_measured} not measured{t.flaky ? ` · ${t.flaky} flaky` : ''}
            </p>
          </article>
        ))}
      </div>
    <section className="panel" aria-labelledby="ev-trend-title">
        <h2 className="panel-title" id="ev-trend-title">
          Trend
        </h2>
        <Trend card={card} gated={gated} onOpenRun={onOpenRun} />
      </section>
      <section className="panel" aria-labelledby="ev-cat-title">
        <h2 className="panel-title" id="ev-cat-title">
          By category
        </h2>
        <div className="ev-cats">
          {card.categories.map((c) => (
            <div key={c.category} className="ev-cat">
              <button type="button" className="link-button" onClick={() => setCategory(c.category)} aria-label={`Show ${c.category} questions`}>
                {c.category} <span className="muted small">n = {c.n}{c.n < 10 ? ' (small sample)' : ''}</span>
              </button>
              {c.metrics
                .filter((m) => m.threshold != null || m.metric === 'refusal_correctness')
                .map((m) => (
                  <div key={m.metric} className="ev-bar-row">
                    <span className="small">{metricLabel(m.metric)}</span>
                    <span className="ev-bar" role="img" aria-label={`${metricLabel(m.metric)} ${fmt(m.mean, 2)}${m.threshold != null ? ` of threshold ${m.threshold}` : ''}`}>
                      <span
                        className={`ev-bar-fill ${m.threshold != null && (m.mean ?? 0) < m.threshold ? 'ev-bar-bad' : 'ev-bar-ok'}`}
                        style={{ width: `${Math.round((m.mean ?? 0) * 100)}%` }}
                      />
                      {m.threshold != null && <span className="ev-bar-tick" style={{ left: `${m.threshold * 100}%` }} />}
                    </span>
                    <span className="mono small">{fmt(m.mean, 2)}</span>
                  </div>
                ))}
              <div className="ev-bar-axis" aria-hidden>
                <span />
                <span className="ev-bar-ticks">
                  {[0, 0.2, 0.4, 0.6, 0.8, 1].map((t) => (
                    <span key={t} style={{ left: `${t * 100}%` }}>
                      {t}
                    </span>
                  ))}
                </span>
                <span />
              </div>
            </div>
          ))}
        </div>
        {card.categories.length > 0 && (
          <p className="muted small">Mean score of this run per category (0–1); the black tick is the metric&apos;s threshold, a hatched bar is below it.</p>
        )}
      </section>
      <Questions card={card} category={category} onCategory={setCategory} />
    </div>
  );
}

export function Verdict({ card }: { card: Scorecard }) {
  const failing = card.tiles.filter((t) => t.status === 'fail');
  const others = card.gate_failures.filter((f) => !f.includes('below its threshold'));
  const nq = card.failing_questions ?? 0;
  const questions = nq > 0 ? `${nq} ${nq === 1 ? 'question fails' : 'questions fail'}` : '';
  // a gate failed by no metric (a contradicted approved answer, errors) is named in the headline, not "0 of 4 below";
  // "Ready" never heads a run whose questions fail, even when its means pass the gate
  let headline: string;
  if (card.ready) headline = questions ? `Gate passes, but ${questions}` : 'Ready';
  else if (card.failing_metrics > 0 || others.length === 0)
    headline = `Not ready — ${questions ? `${questions}; ` : ''}${card.failing_metrics} of ${card.gate_metrics} gate metrics below threshold`;
  else headline = `Not ready — ${questions ? `${questions}: ` : ''}${others[0]}${others.length > 1 ? ` (+${others.length - 1} more)` : ''}`;
  const shown = !card.ready && card.failing_metrics === 0 && others.length > 0 ? 1 : 0;
  const clean = card.ready && !questions;
  return (
    <div className={`ev-verdict-banner ${clean ? 'ev-ready' : 'ev-not-ready'}`} role="status" data-testid="eval-verdict">
      {clean ? <CheckCircle2 size={20} aria-hidden /> : <XCircle size={20} aria-hidden />}
      <div>
        <strong>{headline}</strong>
        <div className="small">
          {card.errors} {card.errors === 1 ? 'error' : 'errors'}
          {card.errors > 0 ? ' (any error fails the gate)' : ''} · {card.review_count} questions in the review queue
          {card.baseline && ` · vs baseline: ${card.baseline.regressions} regressed, ${card.baseline.improvements} improved`}
          {failing.length > 0 && ' · failing: '}
          {failing.map((t, i) => (
            <span key={t.metric}>
              {i > 0 && ', '}
              <a href={`#tile-${t.metric}`}>{metricLabel(t.metric)}</a>
            </span>
          ))}
        </div>
        {others
          .slice(shown)
          .map((f) => (
            <div key={f} className="small">
              {f}
            </div>
          ))}
      </div>
    </div>
  );
}
