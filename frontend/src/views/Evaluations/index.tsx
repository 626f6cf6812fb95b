import { api } from '../../api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useAsync } from '../../components/useAsync';
import { ViewHeader } from '../../components/ViewHeader';

export function EvaluationsView() {
  const thresholds = useAsync(() => api.eval.defaultThresholds());
  return (
    <section>
      <ViewHeader title="Evaluations" subtitle="Run a golden set and read the release scorecard." />
      {thresholds.error && <ErrorBanner error={thresholds.error} onRetry={thresholds.reload} />}
      <table className="table" aria-label="Release gate thresholds">
        <thead>
          <tr>
            <th scope="col">Metric</th>
            <th scope="col">Pass at</th>
            <th scope="col">What it means</th>
          </tr>
        </thead>
        <tbody>
          {thresholds.data?.map((t) => (
            <tr key={t.metric}>
              <td>
                <code>{t.metric}</code>
              </td>
              <td className="mono">≥ {t.threshold.toFixed(2)}</td>
              <td>{t.meaning}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
