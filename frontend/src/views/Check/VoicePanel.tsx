import { CheckCircle2, PenLine, Undo2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import type { VoiceCheck } from '../../api/voice';
import { ErrorBanner } from '../../components/ErrorBanner';
import { GuidelinesEditor } from './GuidelinesEditor';
import { applyIssue, locate, type Located } from './voiceText';

type Checked = { text: string; result: VoiceCheck; issues: Located[] };

// Voice & tone findings beside the claims.
export function VoicePanel({ text, onApply }: { text: string; onApply?: (next: string) => void }) {
  const [checked, setChecked] = useState<Checked>();
  const [undo, setUndo] = useState<Checked[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error>();
  const [editing, setEditing] = useState(false);

  const run = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const result = await api.voice.check(text);
      setChecked({ text, result, issues: locate(text, result.issues) });
      setUndo([]);
    } catch (e) {
      setError(e as Error);
    } finally {
      setBusy(false);
    }
  };

  const stale = checked !== undefined && checked.text !== text;
  // An edit elsewhere in the draft invalidates undo history.
  useEffect(() => {
    if (stale && undo.length > 0 && undo[undo.length - 1].text !== text) setUndo([]);
  }, [stale, text, undo]);

  const show = (is: Located) => {
    const el = document.getElementById('draft') as HTMLTextAreaElement | null;
    if (!el || el.value.slice(is.from, is.to) !== is.passage) return;
    el.focus();
    el.setSelectionRange(is.from, is.to);
  };

  const apply = (is: Located) => {
    if (!checked || !onApply) return;
    const next = applyIssue(checked.text, checked.issues, is);
    if (!next) return;
    setUndo([...undo, checked]);
    setChecked({ ...checked, text: next.text, issues: next.issues });
    onApply(next.text);
  };

  const undoLast = () => {
    const prev = undo[undo.length - 1];
    if (!prev || !onApply) return;
    setUndo(undo.slice(0, -1));
    setChecked(prev);
    onApply(prev.text);
  };

  return (
    <section className="voice-panel" aria-labelledby="voice-title">
      <div className="voice-head">
        <h2 id="voice-title" className="panel-title">
          <PenLine size={16} aria-hidden /> Voice &amp; tone
        </h2>
        <button type="button" className="btn btn-primary btn-small" onClick={run} disabled={busy || !text.trim()}>
          {busy ? 'Checking voice…' : 'Check voice'}
        </button>
        {undo.length > 0 && (
          <button type="button" className="btn btn-small" onClick={undoLast}>
            <Undo2 size={14} aria-hidden /> Undo
          </button>
        )}
        <button type="button" className="btn btn-small" aria-expanded={editing} onClick={() => setEditing(!editing)}>
          {editing ? 'Close guidelines' : 'Edit guidelines'}
        </button>
      </div>
      {editing && <GuidelinesEditor />}
      {error && <ErrorBanner error={error} />}
      {checked && (
        <>
          <p className={`voice-score band-${checked.result.score.band}`} data-testid="voice-score">
            <strong>{checked.result.score.label}</strong> · voice score {checked.result.score.value.toFixed(0)}/100 ·{' '}
            {checked.result.score.required} required, {checked.result.score.recommended} recommended in{' '}
            {checked.result.score.words} words · {checked.result.engine === 'llm' ? `LLM · ${checked.result.model}` : 'Offline engine'}
          </p>
          {checked.result.dropped > 0 && (
            <p className="muted small">{checked.result.dropped} model finding(s) quoted text not in the draft and were left out.</p>
          )}
          {stale && (
            <p className="banner banner-info" role="status">
              Draft changed since check ·{' '}
              <button type="button" className="link-button" onClick={run}>
                Re-check
              </button>
            </p>
          )}
          {checked.issues.length === 0 ? (
            <p className="banner banner-ok">
              <CheckCircle2 size={16} aria-hidden /> No voice issues found.
            </p>
          ) : (
            <ul className="voice-issues" data-testid="voice-issues">
              {checked.issues.map((is) => (
                <li key={`${is.rule}-${is.from}-${is.to}`} className={`voice-card level-${is.level}`}>
                  <div className="voice-card-head">
                    <span className="voice-rule">{is.rule}</span>
                    <span className="voice-level">{is.level === 'required' ? 'Required' : 'Recommended'}</span>
                  </div>
                  <button type="button" className="voice-passage" title="Show in draft" onClick={() => show(is)}>
                    “{is.passage}”
                  </button>
                  <p className="voice-guideline">{is.guideline}</p>
                  <p className="muted small">
                    <span className="voice-label">Why: </span>
                    {is.explanation}
                  </p>
                  {is.concrete ? (
                    <p className="voice-suggestion">
                      <del>{is.passage}</del> → <ins>{is.suggestion}</ins>{' '}
                      <button type="button" className="btn btn-small" onClick={() => apply(is)} disabled={!onApply}>
                        Apply suggestion
                      </button>
                    </p>
                  ) : (
                    <p className="voice-suggestion">
                      <span className="voice-label">Suggestion: </span>
                      {is.suggestion}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
