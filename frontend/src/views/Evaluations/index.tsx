import { Download, FileSpreadsheet, Pin, Play, RotateCcw, Square } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { api, type EvalEngine, type EvalEstimate, type EvalRun, type Scorecard } from '../../api';
import { BUILTIN_TARGET, type EvalRunTarget, type RunTarget, type TargetCheck } from '../../api/evals';
import { ErrorBanner } from '../../components/ErrorBanner';
import { SavedPath } from '../../components/SavedPath';
import { useAsync } from '../../components/useAsync';
import { ViewHeader } from '../../components/ViewHeader';
import { cancelEval, evalJobStore, onEvalFinished, resumeEval, startEval } from '../../stores/evals';
import { useStore } from '../../stores/store';
import { ScorecardView } from './ScorecardView';
import { TargetPicker, targetReady } from './TargetPicker';
import { ThresholdsPanel } from './ThresholdsPanel';
import { StaleNotice } from './StaleNotice';
import './evaluations.css';

export function EvaluationsView() {
  const sets = useAsync(() => api.golden.listSets());
  const [set, setSet] = useState('');
  const [engine, setEngine] = useState<EvalEngine>('offline');
  const [estimate, setEstimate] = useState<EvalEstimate | null>(null);
  const [target, setTarget] = useState<RunTarget>(BUILTIN_TARGET);
  const [targetCheck, setTargetCheck] = useState<TargetCheck | null>(null);
  const [runs, setRuns] = useState<EvalRun[]>([]);
  const [runId, setRunId] = useState('');
  const [baseline, setBaseline] = useState('pinned');
  const [card, setCard] = useState<Scorecard | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [note, setNote] = useState('');
  const [saved, setSaved] = useState('');
  const job = useStore(evalJobStore);
  // what the estimate counts: a target's judges, else the engine's
  const judgeEngine: EvalEngine = target.kind !== 'builtin' && (target.judge === 'offline' || target.judge === 'llm') ? target.judge : engine;

  const act = async <T,>(fn: () => Promise<T>) => {
    setError(null);
    try {
      return await fn();
    } catch (e) {
      setError(e as Error);
      return undefined;
    }
  };

  useEffect(() => {
    if (!set && sets.data?.length) setSet(sets.data.find((s) => s.name === 'golden')?.name ?? sets.data[0].name);
  }, [sets.data, set]);

  const loadRuns = useCallback(
    async (select?: string) => {
      if (!set) return;
      const rs = await act(() => api.eval.listRuns(set));
      if (!rs) return;
      setRuns(rs);
      const pick = select ?? rs.find((r) => r.status === 'done')?.id ?? '';
      setRunId(pick);
    },
    [set],
  );

  useEffect(() => {
    setCard(null);
    setEstimate(null);
    if (!set) return;
    void loadRuns();
    void act(async () => setEstimate(await api.eval.estimate(set, judgeEngine, 1)));
  }, [set, judgeEngine, loadRuns]);

  useEffect(() => {
    if (!runId) return setCard(null);
    void act(async () => setCard(await api.eval.scorecard(runId, baseline)));
  }, [runId, baseline]);

  useEffect(() => {
    onEvalFinished((id) => void loadRuns(id));
  }, [loadRuns]);

  // a run CI recorded on the team server shows at once, as the newest
  useEffect(() => (set ? api.eval.watchRuns(set, (id) => void loadRuns(id)) : undefined), [set, loadRuns]);

  const importWorkspace = () =>
    act(async () => {
      const r = await api.golden.importWorkspaceFile('', false);
      if (!r.saved) throw new Error(`Nothing imported from ${r.file}: ${r.errors.length} errors — fix them in the Golden sets view`);
      sets.reload();
      setSet(r.set);
      setNote(`Imported ${r.imported} questions into “${r.set}”.`);
    });

  const running = !!job.jobId;
  // the card of another run (the one before a new run was picked) is never shown under this one's name
  const shown = card && card.run.id === runId ? card : null;
  const ready = targetReady(target, targetCheck);
  const start = () => void startEval(set, engine, 1, target);
  const current = runs.find((r) => r.id === runId);
  const unfinished = runs.filter((r) => r.status === 'running' || r.status === 'cancelled');

  return (
    <section>
      <ViewHeader title="Evaluations" subtitle="Run a golden set and read the release scorecard." />
      {error && <ErrorBanner error={error} />}
      {note && (
        <div className="banner banner-info" role="status">
          {note}
        </div>
      )}
      {sets.error && <ErrorBanner error={sets.error} onRetry={sets.reload} />}
      {sets.data && sets.data.length === 0 && (
        <div className="panel ev-empty">
          <h2 className="panel-title">Run your first evaluation</h2>
          <p className="muted">No golden set yet. Import the workspace's golden.xlsx, or build one in Golden sets.</p>
          <button type="button" className="btn btn-primary" onClick={importWorkspace}>
            <FileSpreadsheet size={16} aria-hidden /> Import the workspace golden set
          </button>
        </div>
      )}
      {sets.data && sets.data.length > 0 && (
        <div className="panel ev-start">
          <label className="field">
            <span className="label">Golden set</span>
            <select value={set} onChange={(e) => setSet(e.target.value)} aria-label="Golden set">
              {sets.data.map((s) => (
                <option key={s.name} value={s.name}>
                  {s.name} (v{s.version}, {s.row_count} questions)
                </option>
              ))}
            </select>
          </label>
          <fieldset className="ev-engine">
            <legend className="label">Engine</legend>
            {(['offline', 'llm'] as const).map((e) => (
              <label key={e} className="radio">
                <input type="radio" name="ev-engine" checked={engine === e} onChange={() => setEngine(e)} />
                {e === 'offline' ? 'Offline (no key, deterministic)' : 'LLM (uses the configured model)'}
              </label>
            ))}
          </fieldset>
          <TargetPicker
            value={target}
            engine={engine}
            check={targetCheck}
            disabled={running}
            onChange={(t, c) => {
              setTarget(t);
              setTargetCheck(c);
            }}
          />
          <div className="ev-estimate" data-testid="eval-estimate">
            {estimate &&
              (target.judge === 'none'
                ? `${estimate.questions} questions · deterministic metrics only · no model calls`
                : estimate.engine === 'offline'
                ? `${estimate.questions} questions · no model calls · a few seconds`
                : `${estimate.questions} questions · ${estimate.calls} calls (${estimate.calls_per_question} per question) · ~${(estimate.input_tokens + estimate.output_tokens).toLocaleString()} tokens · ${estimate.cost_known ? `$${estimate.cost.toFixed(2)}` : 'cost unknown (no price set)'} · ~${Math.ceil(estimate.seconds / 60)} min${estimate.time_basis ? ` (${estimate.time_basis})` : ''}`)}
            {estimate?.warning && (
              <p className="banner banner-warn" role="alert" data-testid="eval-missing-refs">
                ⚠ {estimate.warning}
              </p>
            )}
            <StaleNotice set={set} />
          </div>
          {!running ? (
            <button type="button" className="btn btn-primary" onClick={start} disabled={!set || !ready}>
              <Play size={16} aria-hidden /> Run evaluation
            </button>
          ) : (
            <button type="button" className="btn" onClick={() => void cancelEval()}>
              <Square size={14} aria-hidden /> Cancel
            </button>
          )}
        </div>
      )}
      {set && <ThresholdsPanel set={set} />}
      {(running || job.outcome) && job.set === set && <Progress />}
      {unfinished.length > 0 && !running && (
        <div className="banner banner-info" role="note">
          {unfinished.length} unfinished run{unfinished.length > 1 ? 's' : ''} (finished questions are saved).
          {unfinished.slice(0, 3).map((r) => (
            <button key={r.id} type="button" className="btn btn-small" onClick={() => void resumeEval(set, r.id)}>
              <RotateCcw size={12} aria-hidden /> Resume {r.id}
            </button>
          ))}
        </div>
      )}
      {runs.length > 0 && (
        <div className="ev-runbar">
          <label>
            Run{' '}
            <select value={runId} onChange={(e) => setRunId(e.target.value)} aria-label="Run">
              {runs.map((r) => (
                <option key={r.id} value={r.id} disabled={r.status !== 'done'}>
                  {r.started_at.replace('T', ' ').replace('Z', '')} · {targetShort(r.target)} · {r.engine}
                  {r.judge === 'none' ? ' · judge none' : ''} · {r.status}
                  {r.pinned ? ' · baseline' : ''}
                </option>
              ))}
            </select>
          </label>
          <label>
            Compare with{' '}
            <select value={baseline} onChange={(e) => setBaseline(e.target.value)} aria-label="Compare with">
              <option value="pinned">pinned baseline (else previous run)</option>
              <option value="last">previous run</option>
              <option value="">nothing</option>
              {runs
                .filter((r) => r.id !== runId && r.status === 'done')
                .map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.started_at.replace('T', ' ').replace('Z', '')} · {targetShort(r.target)} · {r.engine}
                    {r.judge === 'none' ? ' · judge none' : ''}
                    {r.pinned ? ' (pinned)' : ''}
                  </option>
                ))}
            </select>
          </label>
          {current && !current.pinned && current.status === 'done' && (
            <button type="button" className="btn btn-small" onClick={() => act(async () => (await api.eval.setBaseline(runId), loadRuns(runId)))}>
              <Pin size={12} aria-hidden /> Set this run as baseline
            </button>
          )}
          <span className="ev-spacer" />
          {(['xlsx', 'html'] as const).map((f) => (
            <button
              key={f}
              type="button"
              className="btn btn-small"
              disabled={!runId}
              onClick={() =>
                act(async () => {
                  const p = await api.eval.exportScorecard(runId, baseline, f);
                  if (p) setSaved(p);
                })
              }
            >
              <Download size={12} aria-hidden /> Export {f === 'xlsx' ? 'Excel' : 'HTML'}
            </button>
          ))}
          {saved && <SavedPath path={saved} what="Scorecard saved" />}
        </div>
      )}
      {shown && <RunHeader card={shown} />}
      {shown && shown.run.notes.length > 0 && (
        <ul className="banner banner-warn ev-notes" data-testid="run-notes">
          {shown.run.notes.map((n) => (
            <li key={n}>⚠ {n}</li>
          ))}
        </ul>
      )}
      {shown && <ScorecardView card={shown} onOpenRun={setRunId} />}
    </section>
  );
}

function Progress() {
  const job = useStore(evalJobStore);
  const pct = job.total > 0 ? Math.round((100 * job.done) / job.total) : 0;
  if (!job.jobId && job.outcome) {
    const o = job.outcome;
    if (o.ok) return null;
    return (
      <div className={`banner ${o.canceled ? 'banner-info' : 'banner-error'}`} role="status">
        {o.canceled ? 'Evaluation cancelled — finished questions are saved; resume it below.' : `Evaluation failed: ${o.error}`}
      </div>
    );
  }
  return (
    <div className="ev-progress" role="status" aria-live="polite" data-testid="eval-progress">
      <progress max={job.total || 1} value={job.done} aria-label="Evaluation progress" />
      <span>
        {job.stage === 'evaluating' ? `Evaluating ${job.done}/${job.total} questions (${pct}%)` : `${job.stage ?? 'starting'}…`}
      </span>
    </div>
  );
}

function RunHeader({ card }: { card: Scorecard }) {
  const r = card.run;
  return (
    <p className="muted small ev-runhead">
      Run <code>{r.id}</code> · {r.finished_at || r.started_at} · golden set “{r.golden_set}” v{r.golden_version} ·{' '}
      <span data-testid="run-target">
        target <strong>{targetLong(r.target)}</strong>
        {r.target?.short_hash && (
          <>
            {' '}
            · sha256 <code title={r.target.sha256}>{r.target.short_hash}</code>
          </>
        )}
      </span>{' '}
      · {r.engine} engine · answer {r.answer_model} · judge {r.judge === 'none' ? 'none (deterministic metrics only)' : r.judge_model} · corpus <code title={r.corpus_fingerprint}>{r.corpus_fingerprint.slice(0, 10)}</code>
      {card.baseline ? (
        <>
          {' '}
          · compared with <code>{card.baseline.run_id}</code>
          {card.baseline.answers_changed > 0 && ` · ${card.baseline.answers_changed} answers changed`}
          {card.baseline.contradicts_approved > 0 && (
            <strong className="ev-contradicts-count"> · {card.baseline.contradicts_approved} now contradict the approved answer</strong>
          )}
        </>
      ) : (
        ' · no baseline'
      )}
    </p>
  );
}

/** The target in a few words, for the runs list. */
export function targetShort(t: EvalRunTarget | undefined): string {
  if (!t || t.kind === 'builtin' || !t.kind) return 'built-in';
  if (t.kind === 'http') return `assistant ${hostOf(t.url)}`;
  return `responses ${t.file}`;
}

/** The target in full, for the run header: the URL or file name (never a header or token). */
export function targetLong(t: EvalRunTarget | undefined): string {
  if (!t || t.kind === 'builtin' || !t.kind) return 'built-in pipeline';
  if (t.kind === 'http') return `team assistant ${t.method} ${t.url} (${t.file})`;
  return `recorded responses ${t.file}`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
