import { createStore } from './store';

export const VIEWS = ['check', 'corpus', 'golden', 'evaluations', 'audit', 'settings'] as const;
export type View = (typeof VIEWS)[number];

function fromHash(hash: string): View {
  const v = hash.replace(/^#\/?/, '') as View;
  return VIEWS.includes(v) ? v : 'check';
}

/** The current view, kept in the URL hash so a reload stays put. */
export const navStore = createStore<View>(fromHash(window.location.hash));

window.addEventListener('hashchange', () => navStore.set(fromHash(window.location.hash)));

export function navigate(v: View) {
  window.location.hash = `#/${v}`;
  navStore.set(v);
}

export { fromHash };
