import { Gauge, RotateCcw, Square } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api';
import type { Calibration as Result, CalibrationMetrics, SavedThreshold } from '../../api/audit';
import { JOB_DONE, JOB_PROGRESS, on, type JobDoneEvent, type JobProgressEvent } from '../../events';

function pct(p: number | null) {
  return p === null ? '—' : `${Math.round(p * 100)}%`;
}

function Cells({ m }: { m: CalibrationMetrics }) {
  return (
    <>
      <td>
        {m.caught}/{m.old} {pct(m.recall)}
      </td>
      <td>
        {pct(m.precision)} ({m.false_flags} false)
      </td>
    </>
  );
}

/** Calibrates the offline verifier on the workspace's own fact changes: before/after per kind, the saved threshold, a reset. */
export function Calibration() {
  const [saved, setSaved] = useState<SavedThreshold | null>();
  const [result, setResult] = useState<Result>();
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState<string>();
  const [jobId, setJobId] = useState<string>();
  const job = useRef<string | undefined>(undefined);
  const loadSaved = () =>
    api.calibration.saved().then(
      (t) => setSaved(t),
      (e: Error) => setError(e.message),
    );
  useEffect(() => {
    void loadSaved();
    const offProgress = on<JobProgressEvent>(JOB_PROGRESS, (e) => {
      if (e.job_id === job.current) setStatus(`${e.stage}${e.total ? ` ${e.done}/${e.total}` : ''}${e.message ? ` · ${e.message}` : ''}`);
    });
    const offDone = on<JobDoneEvent>(JOB_DONE, (e) => {
      if (e.job_id !== job.current) return;
      job.current = undefined;
      setJobId(undefined);
      setStatus(undefined);
      if (e.ok) setResult(e.result as Result);
      else if (!e.canceled) setError(e.error ?? 'calibration failed');
      void loadSaved();
    });
    return () => {
      offProgress();
      offDone();
    };
  }, []);
  const start = async () => {
    setError(undefined);
    setResult(undefined);
    setStatus('starting');
    try {
      const id = await api.calibration.start(false);
      job.current = id;
      setJobId(id);
    } catch (e) {
      setStatus(undefined);
      setError((e as Error).message);
    }
  };
  const reset = async () => {
    setError(undefined);
    try {
      await api.calibration.reset();
      await loadSaved();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <section className="panel calibration" aria-label="Calibration" data-testid="calibration">
      <div className="calibration-head">
        <button type="button" className="btn" onClick={() => void start()} disabled={!!status}>
          <Gauge size={14} aria-hidden /> Calibrate on this workspace’s history
        </button>
        {jobId && (
          <button type="button" className="btn" onClick={() => void api.jobs.cancel(jobId)}>
            <Square size={14} aria-hidden /> Cancel
          </button>
        )}
        {saved && (
          <button type="button" className="btn" onClick={() => void reset()}>
            <RotateCcw size={14} aria-hidden /> Reset
          </button>
        )}
      </div>
      <p className="muted small" data-testid="calibration-saved">
        {saved ? `Checks use ${saved.describe}.` : 'Checks use the model’s contradicted threshold.'} Nothing leaves the machine.
      </p>
      {status && (
        <p className="muted small" role="status">
          {status}
        </p>
      )}
      {error && (
        <p className="banner banner-error" role="alert">
          {error}
        </p>
      )}
      {result && (
        <div data-testid="calibration-result">
          <p className="small">
            {result.pairs} pairs from {result.changes} changes in {result.documents} documents · {result.model} ·{' '}
            {result.seconds.toFixed(1)} s
          </p>
          {result.notice && <p className="muted small">{result.notice}</p>}
          <table className="calibration-table">
            <thead>
              <tr>
                <th rowSpan={2}>Kind</th>
                <th rowSpan={2}>Changes</th>
                <th colSpan={2}>Before (model’s {result.default_threshold.toFixed(3)})</th>
                <th colSpan={2}>After (held out by document)</th>
              </tr>
              <tr>
                <th>Recall</th>
                <th>Precision</th>
                <th>Recall</th>
                <th>Precision</th>
              </tr>
            </thead>
            <tbody>
              {result.kinds.map((k) => (
                <tr key={k.kind} data-kind={k.kind}>
                  <td>{k.kind}</td>
                  <td>{k.changes}</td>
                  <Cells m={k.before} />
                  <Cells m={k.after} />
                </tr>
              ))}
            </tbody>
          </table>
          {result.skipped.length > 0 && <p className="muted small">Skipped: {result.skipped.join('; ')}</p>}
          <p className={result.saved ? 'banner banner-ok' : 'banner banner-info'} data-testid="calibration-decision">
            {result.fitted ? `Fitted threshold ${result.threshold.toFixed(3)}. ` : ''}
            {result.decision}
          </p>
        </div>
      )}
    </section>
  );
}
