import { Users } from 'lucide-react';
import { useState } from 'react';
import { api, type TeamStatus } from '../../api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useAsync } from '../../components/useAsync';

/** Settings → Team server: the URL and this person's token (kept in the OS keyring). */
export function TeamPanel() {
  const status = useAsync(() => api.team.status());
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error>();
  const [shown, setShown] = useState<TeamStatus | null>(null);
  const act = async (fn: () => Promise<TeamStatus>) => {
    setError(undefined);
    setBusy(true);
    try {
      setShown(await fn());
      setToken('');
      status.reload();
    } catch (e) {
      setError(e as Error);
    } finally {
      setBusy(false);
    }
  };
  const s = shown ?? status.data;
  return (
    <div className="panel form" aria-labelledby="team-title">
      <h2 id="team-title" className="panel-title">
        <Users size={16} aria-hidden /> Team server
      </h2>
      {error && <ErrorBanner error={error} />}
      {status.error && <ErrorBanner error={status.error} onRetry={status.reload} />}
      <p data-testid="team-status">
        {!s
          ? 'Checking…'
          : s.connected
            ? `Checks, triage, golden sets, runs and scorecards come from ${s.url} (workspace ${s.workspace_name || s.workspace}), as ${s.user} (${s.role}): drafts are checked on the server’s index. Your working draft stays on this computer.`
            : s.error
              ? `The team server is not used: ${s.error}`
              : 'Not connected: checks, triage, golden sets, runs and scorecards are this computer’s own.'}
      </p>
      {s?.note && <p className="muted">{s.note}</p>}
      {!s?.connected && (
        <>
          <label className="field">
            <span>Server address</span>
            <input type="url" placeholder="https://continuity.example.com" value={url} onChange={(e) => setUrl(e.target.value)} />
          </label>
          <label className="field">
            <span>Your token (from your admin; stored in the OS keyring, never in files or logs)</span>
            <input type="password" autoComplete="off" spellCheck={false} value={token} onChange={(e) => setToken(e.target.value)} />
          </label>
        </>
      )}
      <div className="row">
        {s?.connected || s?.error ? (
          <button type="button" className="btn" disabled={busy} onClick={() => act(() => api.team.disconnect())}>
            Disconnect
          </button>
        ) : (
          <button type="button" className="btn" disabled={busy || !url.trim() || !token.trim()} onClick={() => act(() => api.team.connect(url, token))}>
            {busy ? 'Connecting…' : 'Connect to the team server'}
          </button>
        )}
      </div>
    </div>
  );
}
