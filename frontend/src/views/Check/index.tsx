import { FileText } from 'lucide-react';
import { useState } from 'react';
import { api } from '../../api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useAsync } from '../../components/useAsync';
import { ViewHeader } from '../../components/ViewHeader';
import { VoicePanel } from './VoicePanel';

export function CheckView() {
  const drafts = useAsync(() => api.check.listDrafts());
  const [text, setText] = useState('');
  const [error, setError] = useState<Error>();
  const open = async (name: string) => {
    setError(undefined);
    try {
      setText(await api.check.readDraft(name));
    } catch (e) {
      setError(e as Error);
    }
  };
  return (
    <section>
      <ViewHeader title="Check a draft" subtitle="Paste a draft to see which claims the published corpus supports or contradicts." />
      {drafts.error && <ErrorBanner error={drafts.error} onRetry={drafts.reload} />}
      {error && <ErrorBanner error={error} />}
      <div className="check-layout">
        <div className="panel">
          <label htmlFor="draft" className="label">
            Draft
          </label>
          <textarea
            id="draft"
            className="draft-input"
            placeholder="Paste your draft here…"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <p className="muted small">{text.trim() ? `${text.trim().split(/\s+/).length} words` : 'No text yet'}</p>
          <VoicePanel text={text} onApply={setText} />
        </div>
        <aside className="panel" aria-label="Sample drafts">
          <h2 className="panel-title">Try a sample draft</h2>
          {drafts.data?.length === 0 && <p className="muted">This workspace has no drafts folder.</p>}
          <ul className="plain-list" data-testid="draft-list">
            {drafts.data?.map((d) => (
              <li key={d}>
                <button type="button" className="link-button" onClick={() => open(d)}>
                  <FileText size={14} aria-hidden /> {d}
                </button>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </section>
  );
}
