import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../api', () => ({ api: {} }));
vi.mock('../../wailsjs/runtime/runtime', () => ({ EventsOn: vi.fn(() => () => {}) }));

import type { CheckReport } from '../api/check';
import { checkStore } from './check';
import { draftStore } from './draft';
import { DEFAULT_VIEW, findingsOf, marksStore, step, visibleFindings, type FindingsView } from './findings';

// A draft with three claims and two voice issues, one inside a claim.
const draft = 'Tallyhub costs $9. Refunds take 14 days. We simply ship on Fridays.';
const enc = new TextEncoder();
const span = (s: string) => {
  const at = draft.indexOf(s);
  return { start: enc.encode(draft.slice(0, at)).length, end: enc.encode(draft.slice(0, at + s.length)).length };
};
const claim = (index: number, text: string, verdict: string, confidence?: number, dismissed = false) => ({
  index, text, verdict, confidence, ...span(text), explanation: `why ${index}`, evidence: [], flags: [], resolved: '', vote: '', note: '',
  searched: { passages: 0, documents: [] }, dismissed, dismiss_reason: dismissed ? 'Intended' : '', paragraph: 0,
});
const voice = (index: number, passage: string, level: string) => ({
  index, passage, ...span(passage), rule: `rule-${index}`, guideline: 'g', explanation: 'e', suggestion: 's', concrete: true, level, dismissed: false, dismiss_reason: '',
});
const report = {
  id: 7, draft,
  claims: [claim(0, 'Tallyhub costs $9.', 'supported', 0.9), claim(1, 'Refunds take 14 days.', 'contradicted', 0.5), claim(2, 'We simply ship on Fridays.', 'not_covered', undefined, true)],
  voice: [voice(0, 'Tallyhub', 'recommended'), voice(1, 'simply', 'required')],
  summary: { supported: 1, contradicted: 1, not_covered: 1 }, voice_score: 80,
} as unknown as CheckReport;

const view = (over: Partial<FindingsView>): FindingsView => ({ ...DEFAULT_VIEW, ...over });
const keys = (v: FindingsView) => visibleFindings(findingsOf(report), v).map((f) => f.key);

afterEach(() => {
  checkStore.set((s) => ({ ...s, report: undefined }));
  draftStore.set((s) => ({ ...s, text: '' }));
});

describe('one findings list', () => {
  it('puts claims and voice issues together in draft order', () => {
    expect(findingsOf(report).map((f) => f.key)).toEqual(['c0', 'v0', 'c1', 'c2', 'v1']);
    const [c0, v0] = findingsOf(report);
    expect(draft.slice(c0.from, c0.to)).toBe('Tallyhub costs $9.');
    expect(draft.slice(v0.from, v0.to)).toBe('Tallyhub');
  });
  it.each([
    ['draft order, dismissed hidden', view({}), ['c0', 'v0', 'c1', 'v1']],
    ['show dismissed', view({ showDismissed: true }), ['c0', 'v0', 'c1', 'c2', 'v1']],
    ['by verdict: contradicted, voice required, recommended, supported', view({ sort: 'verdict' }), ['c1', 'v1', 'v0', 'c0']],
    ['least sure first, voice (not measured) last', view({ sort: 'confidence-low' }), ['c1', 'c0', 'v0', 'v1']],
    ['voice chip off', view({ voice: false }), ['c0', 'c1']],
    ['required voice only', view({ level: 'required' }), ['c0', 'c1', 'v1']],
    ['verdict chip off', view({ verdicts: { ...DEFAULT_VIEW.verdicts, supported: false } }), ['v0', 'c1', 'v1']],
    ['high confidence', view({ band: 'high' }), ['c0']],
    ['search', view({ query: 'REFUNDS' }), ['c1']],
    ['search finds a dismissal reason', view({ query: 'intended', showDismissed: true }), ['c2']],
  ])('%s', (_n, v, want) => expect(keys(v)).toEqual(want));
});

describe('F8 navigation (step)', () => {
  const list = visibleFindings(findingsOf(report), DEFAULT_VIEW);
  it.each([
    ['first when none is selected', undefined, 1, 'c0'],
    ['last backwards when none is selected', undefined, -1, 'v1'],
    ['next', 'v0', 1, 'c1'],
    ['previous', 'c1', -1, 'v0'],
    ['wraps at the end', 'v1', 1, 'c0'],
    ['wraps at the start', 'c0', -1, 'v1'],
    ['a selection no longer listed restarts', 'c2', 1, 'c0'],
  ] as const)('%s', (_n, sel, dir, want) => expect(step(list, sel, dir)).toBe(want));
  it('has nothing to step to in an empty list', () => expect(step([], undefined, 1)).toBeUndefined());
});

describe('stale marking', () => {
  it('keeps marks on unchanged words as the draft is edited, and brings them all back when it is restored', () => {
    draftStore.set((s) => ({ ...s, text: draft }));
    checkStore.set((s) => ({ ...s, report }));
    expect(Object.keys(marksStore.get().ranges).sort()).toEqual(['c0', 'c1', 'c2', 'v0', 'v1']);

    const edited = draft.replace('14 days', '30 days');
    draftStore.set((s) => ({ ...s, text: edited }));
    const r = marksStore.get().ranges;
    expect(r.c1).toBeUndefined(); // its words changed: no mark, the card says so
    expect(edited.slice(r.v1!.from, r.v1!.to)).toBe('simply');
    expect(edited.slice(r.c0!.from, r.c0!.to)).toBe('Tallyhub costs $9.');

    draftStore.set((s) => ({ ...s, text: draft }));
    expect(Object.keys(marksStore.get().ranges)).toHaveLength(5);
  });
  it('maps a report onto a draft edited while it was checked', () => {
    const typed = 'Hello. ' + draft;
    draftStore.set((s) => ({ ...s, text: typed }));
    checkStore.set((s) => ({ ...s, report }));
    const r = marksStore.get().ranges;
    expect(typed.slice(r.c1!.from, r.c1!.to)).toBe('Refunds take 14 days.');
  });
});
