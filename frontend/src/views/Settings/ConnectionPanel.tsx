import { CheckCircle2, PlugZap, XCircle } from 'lucide-react';
import { useState } from 'react';
import { api } from '../../api';
import type { ConnectionTest } from '../../api/settings';
import { ErrorBanner } from '../../components/ErrorBanner';

// Tests the saved settings, so a changed form must be saved first; the
// hint says so rather than testing values the backend has not seen.
export function ConnectionPanel({ dirty }: { dirty: boolean }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ConnectionTest>();
  const [error, setError] = useState<Error>();
  const run = async () => {
    setBusy(true);
    setError(undefined);
    setResult(undefined);
    try {
      setResult(await api.settings.testConnection());
    } catch (e) {
      setError(e as Error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="panel form" aria-labelledby="conn-title">
      <h2 id="conn-title" className="panel-title">
        <PlugZap size={16} aria-hidden /> Test the connection
      </h2>
      <p className="muted">Sends one tiny request to the saved base URL with the answer model.</p>
      {dirty && <p className="muted">You have unsaved changes; the test uses the saved settings.</p>}
      <div className="row">
        <button type="button" className="btn" onClick={() => void run()} disabled={busy}>
          {busy ? 'Testing…' : 'Test connection'}
        </button>
      </div>
      {error && <ErrorBanner error={error} />}
      {result && (
        <div
          className={`banner conn-result ${result.ok ? 'banner-ok' : 'banner-error'}`}
          role="status"
          data-testid="connection-result"
        >
          {result.ok ? <CheckCircle2 size={16} aria-hidden /> : <XCircle size={16} aria-hidden />}
          <div>
            <strong>{result.ok ? 'Working' : 'Not working'}</strong> — {result.message}
            <dl className="conn-facts">
              <dt>Address</dt>
              <dd>{result.base_url}</dd>
              <dt>Model</dt>
              <dd>{result.model || 'none set'}</dd>
              <dt>Time</dt>
              <dd>{result.latency_ms > 0 ? `${(result.latency_ms / 1000).toFixed(2)} s` : 'no answer'}</dd>
            </dl>
            {!result.ok && result.detail && (
              <details>
                <summary>Technical details</summary>
                <code className="conn-detail">{result.detail}</code>
              </details>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
