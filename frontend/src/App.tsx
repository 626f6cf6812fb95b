import { BookOpen, CheckSquare, Gauge, ListChecks, Scale, Settings as SettingsIcon } from 'lucide-react';
import { useEffect, useRef, type ComponentType, type MouseEvent } from 'react';
import { navigate, navStore, type View } from './stores/nav';
import { useStore } from './stores/store';
import { CheckView } from './views/Check';
import { CorpusView } from './views/Corpus';
import { GoldenView } from './views/Golden';
import { EvaluationsView } from './views/Evaluations';
import { AuditView } from './views/Audit';
import { SettingsView } from './views/Settings';
import { SourceViewer } from './views/Source';
import { followSyncs } from './views/Corpus/syncStore';
import { SignedInAs } from './views/SignIn';
import { servedOverHTTP } from './api';

const ALL_VIEWS: { view: View; label: string; icon: ComponentType<{ size?: number }>; Component: ComponentType }[] = [
  { view: 'check', label: 'Check', icon: CheckSquare, Component: CheckView },
  { view: 'corpus', label: 'Corpus', icon: BookOpen, Component: CorpusView },
  { view: 'golden', label: 'Golden sets', icon: ListChecks, Component: GoldenView },
  { view: 'evaluations', label: 'Evaluations', icon: Gauge, Component: EvaluationsView },
  { view: 'audit', label: 'Audit', icon: Scale, Component: AuditView },
  { view: 'settings', label: 'Settings', icon: SettingsIcon, Component: SettingsView },
];

// The team server's web app offers the views a team shares (a writer's
// checks and triage, golden sets, runs); the desktop keeps the ones that
// work on a local folder and index.
const WEB_VIEWS: View[] = ['check', 'golden', 'evaluations'];
const web = servedOverHTTP();
const NAV = web ? ALL_VIEWS.filter((n) => WEB_VIEWS.includes(n.view)) : ALL_VIEWS;

// Focus goes to the view's heading (else its region), so a keyboard or
// screen-reader user lands in the view they chose, not back on the nav.
function focusView(main: HTMLElement | null) {
  const target = main?.querySelector<HTMLElement>('h1') ?? main;
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus();
}

export function App() {
  const current = useStore(navStore);
  const { Component } = NAV.find((n) => n.view === current) ?? NAV[0];
  const main = useRef<HTMLElement>(null);
  const chosen = useRef(false);
  // A switch or a sync may be started from any view; the stores follow them from the start.
  useEffect(() => (web ? undefined : followSyncs()), []);
  useEffect(() => {
    if (!chosen.current) return; // a reload or start keeps the browser's focus
    chosen.current = false;
    focusView(main.current);
  }, [current]);
  const choose = (view: View) => {
    if (view === navStore.get()) focusView(main.current);
    else chosen.current = true;
    navigate(view);
  };
  // Not an in-page link: the hash holds the view.
  const skip = (e: MouseEvent) => {
    e.preventDefault();
    focusView(main.current);
  };
  return (
    <div className="shell">
      <a className="skip-link" href="#main" onClick={skip}>
        Skip to content
      </a>
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
                onClick={() => choose(view)}
              >
                <Icon size={18} />
                <span>{label}</span>
              </button>
            </li>
          ))}
        </ul>
        {web && <SignedInAs />}
      </nav>
      <main className="content" id="main" data-view={current} ref={main} tabIndex={-1}>
        <Component />
      </main>
      <SourceViewer />
    </div>
  );
}
