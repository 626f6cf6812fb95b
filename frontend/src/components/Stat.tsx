export function Stat({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <div className="stat">
      <div className="stat-value" data-testid={testId}>
        {value}
      </div>
      <div className="stat-label">{label}</div>
    </div>
  );
}
