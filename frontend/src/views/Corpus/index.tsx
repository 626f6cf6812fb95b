import { FolderOpen, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { api } from '../../api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Stat } from '../../components/Stat';
import { useAsync } from '../../components/useAsync';
import { ViewHeader } from '../../components/ViewHeader';

export function CorpusView() {
  const summary = useAsync(() => api.corpus.summary());
  const [picked, setPicked] = useState<string>();
  const [pickError, setPickError] = useState<Error>();
  const choose = async () => {
    setPickError(undefined);
    try {
      const dir = await api.corpus.chooseFolder();
      if (dir) setPicked(dir);
    } catch (e) {
      setPickError(e as Error);
    }
  };
  const s = summary.data;
  return (
    <section aria-labelledby="corpus-title">
      <ViewHeader
        title="Corpus"
        subtitle="Everything your team has published. Drafts are checked against it."
        actions={
          <>
            <button type="button" className="btn" onClick={summary.reload}>
              <RefreshCw size={16} aria-hidden /> Refresh
            </button>
            <button type="button" className="btn" onClick={choose}>
              <FolderOpen size={16} aria-hidden /> Choose folder…
            </button>
          </>
        }
      />
      {summary.error && <ErrorBanner error={summary.error} onRetry={summary.reload} />}
      {pickError && <ErrorBanner error={pickError} />}
      {picked && (
        <p className="banner banner-info">
          Selected <code>{picked}</code>. Save it as the corpus folder in Settings to switch workspaces.
        </p>
      )}
      <div className="stats">
        <Stat label="Document files" value={s ? s.documents : '…'} testId="doc-count" />
        <Stat label="Sample drafts" value={s ? s.drafts.length : '…'} />
        <Stat label="Voice guidelines" value={s ? (s.has_guidelines ? 'Present' : 'Missing') : '…'} />
      </div>
      {s && (
        <dl className="facts">
          <dt>Workspace</dt>
          <dd>
            <code>{s.root}</code>
          </dd>
          <dt>Published content</dt>
          <dd>
            <code>{s.content_dir}</code>
          </dd>
        </dl>
      )}
    </section>
  );
}
