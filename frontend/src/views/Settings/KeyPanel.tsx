import { useState, type ReactNode } from 'react';
import { api, type KeyStatus } from '../../api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useAsync } from '../../components/useAsync';

const SOURCE: Record<string, string> = {
  keyring: 'saved in the system keyring',
  env: 'read from OPENAI_API_KEY',
  session: 'kept for this session only',
  none: 'not set',
};

export function KeyPanel({ onChange, icon }: { onChange: (s: KeyStatus) => void; icon: ReactNode }) {
  const status = useAsync(() => api.settings.keyStatus());
  const [key, setKey] = useState('');
  const [error, setError] = useState<Error>();
  const act = async (fn: () => Promise<unknown>) => {
    setError(undefined);
    try {
      const r = await fn();
      if (r && typeof r === 'object') onChange(r as KeyStatus);
      setKey('');
      status.reload();
    } catch (e) {
      setError(e as Error);
    }
  };
  const s = status.data;
  return (
    <div className="panel form" aria-labelledby="key-title">
      <h2 id="key-title" className="panel-title">
        {icon} API key
      </h2>
      {error && <ErrorBanner error={error} />}
      <p data-testid="key-status">
        {s ? `The key is ${SOURCE[s.source] ?? s.source}${s.present && s.host ? ` for ${s.host}` : ''}.` : 'Checking the keyring…'}
        {s?.warning && <span className="muted"> {s.warning}</span>}
      </p>
      {s?.endpoint && (
        <p className="muted" data-testid="key-endpoint">
          Requests{s.sent_to_endpoint ? ' and the key' : ''} go to <code>{s.endpoint}</code>. A new key is saved for this
          address&apos;s host only: save the settings first if you changed the base URL.
        </p>
      )}
      <label className="field">
        <span>New key (stored in the OS keyring, never in files or logs)</span>
        <input type="password" autoComplete="off" value={key} onChange={(e) => setKey(e.target.value)} />
      </label>
      <div className="row">
        <button type="button" className="btn" disabled={!key} onClick={() => act(() => api.settings.setApiKey(key))}>
          Save key
        </button>
        <button type="button" className="btn" disabled={!s?.present} onClick={() => act(() => api.settings.clearApiKey())}>
          Remove key
        </button>
      </div>
    </div>
  );
}
