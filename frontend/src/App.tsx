import { BookOpen, CheckSquare, Gauge, ListChecks, Scale, Settings as SettingsIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import { navigate, navStore, type View } from './stores/nav';
import { useStore } from './stores/store';
import { CheckView } from './views/Check';
import { CorpusView } from './views/Corpus';
import { GoldenView } from './views/Golden';
import { EvaluationsView } from './views/Evaluations';
import { AuditView } from './views/Audit';
import { SettingsView } from './views/Settings';
import { SourceViewer } from './views/Source';

const NAV: { view: View; label: string; icon: ComponentType<{ size?: number }>; Component: ComponentType }[] = [
  { view: 'check', label: 'Check', icon: CheckSquare, Component: CheckView },
  { view: 'corpus', label: 'Corpus', icon: BookOpen, Component: CorpusView },
  { view: 'golden', label: 'Golden sets', icon: ListChecks, Component: GoldenView },
  { view: 'evaluations', label: 'Evaluations', icon: Gauge, Component: EvaluationsView },
  { view: 'audit', label: 'Audit', icon: Scale, Component: AuditView },
  { view: 'settings', label: 'Settings', icon: SettingsIcon, Component: SettingsView },
];

export function App() {
  const current = useStore(navStore);
  const { Component } = NAV.find((n) => n.view === current) ?? NAV[0];
  return (
    <div className="shell">
      <nav className="sidebar" aria-label="Main">
        <div className="brand">
          <span className="brand-mark" aria-hidden>
            ◆
          </span>
          Continuity
        </div>
        <ul>
          {NAV.map(({ view, label, icon: Icon }) => (
            <li key={view}>
              <button
                type="button"
                className="nav-item"
                aria-current={current === view ? 'page' : undefined}
                data-nav={view}
                onClick={() => navigate(view)}
              >
                <Icon size={18} />
                <span>{label}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <main className="content" id="main" data-view={current}>
        <Component />
      </main>
      <SourceViewer />
    </div>
  );
}
