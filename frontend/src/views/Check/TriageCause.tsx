import { useEffect, useId, useState } from 'react';
import { api } from '../../api';
import type { Cause, TriageCause as TriageCauseState } from '../../api/check';

/** Each cause with who fixes it, in the order the select offers them. */
export const CAUSE_LABELS: Record<Cause, string> = {
  bad_grounding: 'Bad grounding — fix the source page',
  stale_index: 'Stale index — re-index',
  retrieval_miss: 'Retrieval miss — tune ranking',
  wrong_verdict: 'Wrong verdict — engine',
};

function label(c: string): string {
  return CAUSE_LABELS[c as Cause] ?? c;
}

/**
 * The cause a 👎 is filed under: suggested from the check's data (is the
 * cited passage still in the workspace, was the right page retrieved) with
 * why, and a select to change it; the choice is saved at once.
 */
export function TriageCause({ checkId, claimIndex }: { checkId: number; claimIndex: number }) {
  const id = useId();
  const [state, setState] = useState<TriageCauseState>();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    let live = true;
    setError(undefined);
    // A throw becomes a rejection, so it is shown like any failed call.
    Promise.resolve()
      .then(() => api.check.triageCause(checkId, claimIndex))
      .then(
      (s) => live && setState(s),
      (e: Error) => live && setError(`No cause suggested: ${e.message}`),
    );
    return () => {
      live = false;
    };
  }, [checkId, claimIndex]);
  const choose = async (cause: Cause) => {
    setSaving(true);
    setError(undefined);
    try {
      await api.check.setCause(checkId, claimIndex, cause);
      setState((s) => (s ? { ...s, cause } : s));
    } catch (e) {
      setError(`Cause not saved: ${(e as Error).message}`);
    } finally {
      setSaving(false);
    }
  };
  if (error && !state) {
    return (
      <p className="triage-cause flag small" role="alert" data-testid="triage-cause-error">
        {error}
      </p>
    );
  }
  if (!state) return <p className="triage-cause muted small">Suggesting a cause…</p>;
  const causes = (state.causes?.length ? state.causes : Object.keys(CAUSE_LABELS)) as Cause[];
  return (
    <div className="triage-cause small" data-testid="triage-cause">
      <label htmlFor={id}>Filed as</label>{' '}
      <select id={id} value={state.cause} disabled={saving} onChange={(e) => void choose(e.target.value as Cause)}>
        {causes.map((c) => (
          <option key={c} value={c}>
            {label(c)}
          </option>
        ))}
      </select>
      {state.cause_suggested && (
        <p className="muted triage-cause-why" data-testid="triage-cause-why">
          Suggested: {label(state.cause_suggested)}, because {state.cause_why}.
          {state.cause !== state.cause_suggested && ' You changed it.'}
        </p>
      )}
      {error && (
        <p className="flag" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
