import { History as HistoryIcon, RotateCcw } from 'lucide-react';
import { api } from '../../api';
import { useAsync } from '../../components/useAsync';
import { ErrorBanner } from '../../components/ErrorBanner';

export function History({ set, version, onRestore }: { set: string; version: number; onRestore: (v: number) => void }) {
  // The parent keys this component by set and version, so it reloads after every edit.
  const versions = useAsync(() => api.golden.versions(set));
  return (
    <section className="panel" aria-labelledby="gold-history-title">
      <h2 id="gold-history-title" className="panel-title">
        <HistoryIcon size={16} aria-hidden /> Version history
      </h2>
      {versions.error && <ErrorBanner error={versions.error} onRetry={versions.reload} />}
      <ol className="plain-list gold-history" data-testid="golden-history">
        {versions.data?.map((v) => (
          <li key={v.version}>
            <span>
              <strong>v{v.version}</strong> {v.summary} · {v.row_count} questions · {v.saved_by} · {new Date(v.saved_at).toLocaleString()}
            </span>
            {v.version !== version && (
              <button type="button" className="btn btn-small" onClick={() => onRestore(v.version)} aria-label={`Restore version ${v.version}`}>
                <RotateCcw size={12} aria-hidden /> Restore
              </button>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
