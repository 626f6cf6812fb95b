import type { ReactNode } from 'react';

export function ViewHeader({ title, subtitle, actions }: { title: string; subtitle: string; actions?: ReactNode }) {
  return (
    <header className="view-header">
      <div>
        <h1 tabIndex={-1}>{title}</h1>
        <p className="muted">{subtitle}</p>
      </div>
      {actions && <div className="view-actions">{actions}</div>}
    </header>
  );
}
