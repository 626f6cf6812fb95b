import { FileText, X } from 'lucide-react';
import { useState } from 'react';
import { api, type EvalEngine } from '../../api';
import type { EvalJudge, RunTarget, TargetCheck, TargetKind } from '../../api/evals';

const KINDS: { kind: TargetKind; label: string }[] = [
  { kind: 'builtin', label: 'Built-in pipeline' },
  { kind: 'http', label: 'Team assistant (target file…)' },
  { kind: 'responses', label: 'Recorded responses (file…)' },
];

const JUDGES: { judge: EvalJudge; label: string }[] = [
  { judge: '', label: 'As the engine' },
  { judge: 'offline', label: 'Offline judges' },
  { judge: 'llm', label: 'LLM judges' },
  { judge: 'none', label: 'None — deterministic metrics only' },
];

/** The file's name, for display: the path stays in the title. */
export function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/** Whether a run can start on this target: a file target needs a file that parsed. */
export function targetReady(t: RunTarget, check: TargetCheck | null): boolean {
  return t.kind === 'builtin' || (!!t.path && !!check?.ok && check.kind === t.kind);
}

interface Props {
  value: RunTarget;
  engine: EvalEngine;
  check: TargetCheck | null;
  onChange: (t: RunTarget, check: TargetCheck | null) => void;
  disabled?: boolean;
}

/**
 * What answers a run and what judges it. A file is chosen with the native
 * dialog and parsed at once, so its problems show, located, before the run.
 */
export function TargetPicker({ value, engine, check, onChange, disabled }: Props) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const fileKind = value.kind === 'builtin' ? null : value.kind;

  const setKind = (kind: TargetKind) => {
    setError('');
    const judge = kind === 'builtin' && (value.judge === 'offline' || value.judge === 'llm') ? '' : value.judge;
    onChange({ kind, path: '', judge }, null);
  };

  const validate = async (kind: Exclude<TargetKind, 'builtin'>, path: string) => {
    setError('');
    setBusy(true);
    try {
      onChange({ ...value, kind, path }, await api.eval.validateTarget(kind, path));
    } catch (e) {
      onChange({ ...value, kind, path }, null);
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const choose = async () => {
    if (!fileKind) return;
    setError('');
    try {
      const path = await api.eval.chooseTargetFile(fileKind);
      if (path) await validate(fileKind, path);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <div className="ev-target">
      <fieldset className="ev-target-kind" disabled={disabled}>
        <legend className="label">Target</legend>
        {KINDS.map((k) => (
          <label key={k.kind} className="radio">
            <input type="radio" name="ev-target" checked={value.kind === k.kind} onChange={() => setKind(k.kind)} />
            {k.label}
          </label>
        ))}
      </fieldset>
      {fileKind && (
        <div className="ev-target-file">
          <button type="button" className="btn btn-small" onClick={() => void choose()} disabled={disabled || busy}>
            <FileText size={12} aria-hidden /> {fileKind === 'http' ? 'Choose target file…' : 'Choose responses file…'}
          </button>
          {value.path ? (
            <span className="ev-target-chosen" data-testid="target-file">
              <code title={value.path}>{baseName(value.path)}</code>
              {check?.ok && check.short_hash && <span className="muted small"> · sha256 {check.short_hash}</span>}
              <button
                type="button"
                className="btn btn-small btn-icon"
                aria-label={`Clear ${baseName(value.path)}`}
                title="Clear the chosen file"
                onClick={() => onChange({ ...value, path: '' }, null)}
                disabled={disabled}
              >
                <X size={12} aria-hidden />
              </button>
            </span>
          ) : (
            <span className="muted small">
              {fileKind === 'http' ? 'A .yaml target file: url, body, answer path…' : 'A .jsonl, .csv or .xlsx file of recorded cases'}
            </span>
          )}
          {busy && <span className="muted small">Checking…</span>}
        </div>
      )}
      <label className="field ev-judge">
        <span className="label">Judge</span>
        <select
          aria-label="Judge"
          value={value.judge}
          onChange={(e) => onChange({ ...value, judge: e.target.value as EvalJudge }, check)}
          disabled={disabled}
        >
          {JUDGES.map((j) => (
            <option key={j.judge} value={j.judge} disabled={value.kind === 'builtin' && (j.judge === 'offline' || j.judge === 'llm') && j.judge !== engine}>
              {j.label}
            </option>
          ))}
        </select>
      </label>
      {error && (
        <p className="banner banner-error ev-target-problems" role="alert">
          {error}
        </p>
      )}
      {fileKind && value.path && check && check.problems.length > 0 && (
        <div className="banner banner-error ev-target-problems" role="alert" data-testid="target-problems">
          <p>
            {check.file} cannot be used: {check.problems.length} problem{check.problems.length > 1 ? 's' : ''}; nothing will run until it is fixed.
          </p>
          <ul>
            {check.problems.map((p, i) => (
              <li key={i}>
                <code>{p.line > 0 ? `${p.file}:${p.line}` : p.file}</code>
                {p.column ? ` column ${p.column}` : ''}: {p.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {fileKind && value.path && check?.ok && (
        <p className="muted small ev-target-summary" data-testid="target-summary">
          {check.kind === 'http'
            ? `✓ ${check.method} ${check.url}`
            : `✓ ${check.rows} recorded case${check.rows === 1 ? '' : 's'} (${check.format})`}
        </p>
      )}
      {fileKind && value.path && check && check.warnings.length > 0 && (
        <ul className="banner banner-warn ev-notes" data-testid="target-warnings">
          {check.warnings.map((w) => (
            <li key={w}>⚠ {w}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
