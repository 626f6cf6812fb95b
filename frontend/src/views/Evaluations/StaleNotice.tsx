import { useEffect, useState } from 'react';
import { api, type GoldenStale } from '../../api';

/** Before a run starts: how many of the set's rows are stale, so a low score can be read for what it is. */
export function StaleNotice({ set }: { set: string }) {
  const [state, setState] = useState<{ set: string; data: GoldenStale | null; error: string }>({ set: '', data: null, error: '' });
  useEffect(() => {
    if (!set) return;
    let live = true;
    setState({ set, data: null, error: '' });
    // a promise chain, so even a call that throws lands in the error branch
    Promise.resolve()
      .then(() => api.golden.staleRows(set))
      .then(
      (data) => live && setState({ set, data, error: '' }),
      (e: Error) => live && setState({ set, data: null, error: e.message }),
    );
    return () => {
      live = false;
    };
  }, [set]);
  if (!set || state.set !== set) return null;
  if (state.error) {
    return (
      <p className="muted small" data-testid="eval-stale">
        Stale rows not checked: {state.error}
      </p>
    );
  }
  if (!state.data) {
    return (
      <p className="muted small" data-testid="eval-stale">
        Checking the set for stale rows…
      </p>
    );
  }
  const n = state.data.rows;
  return (
    <p className={n > 0 ? 'ev-stale banner banner-warn' : 'muted small'} role="status" data-testid="eval-stale">
      {n > 0
        ? `⚠ ${n} stale ${n === 1 ? 'row' : 'rows'} in “${set}”: the corpus moved since they were approved (see Golden sets). The run records them as warnings.`
        : `No stale rows in “${set}”.`}
      {state.data.note ? ` ${state.data.note}` : ''}
    </p>
  );
}
