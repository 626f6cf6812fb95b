import { api } from '../../api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useAsync } from '../../components/useAsync';
import { ViewHeader } from '../../components/ViewHeader';

export function GoldenView() {
  const file = useAsync(() => api.golden.workspaceFile());
  return (
    <section>
      <ViewHeader title="Golden sets" subtitle="Questions your experts approved, with the answer and the line that supports it." />
      {file.error && <ErrorBanner error={file.error} onRetry={file.reload} />}
      {file.data && (
        <p className="panel" data-testid="golden-file">
          {file.data.exists ? 'Workspace golden set: ' : 'No golden set in this workspace yet. Expected at '}
          <code>{file.data.path}</code>
        </p>
      )}
    </section>
  );
}
