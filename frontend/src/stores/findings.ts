import type { CheckClaim, CheckReport, CheckVoice, FindingKind, Verdict } from '../api/check';
import { confidenceBand, type BandFilter, type ClaimSort, type ConfidenceBand } from '../views/Check/claimOrder';
import { checkStore } from './check';
import { draftStore } from './draft';
import { byteIndex, mapRanges, type Range } from './findingsText';
import { createStore } from './store';

// One list of a check's findings, claims and voice issues together: how it
// is ordered and narrowed, which one is selected, and where each one sits
// in the draft as the writer edits it.

export interface Finding {
  key: string; // "c3" for claim 3, "v1" for voice issue 1
  kind: FindingKind;
  index: number;
  /** UTF-16 range in the checked draft. */
  from: number;
  to: number;
  claim?: CheckClaim;
  voice?: CheckVoice;
  dismissed: boolean;
  reason: string;
}

export type LevelFilter = 'all' | 'required' | 'recommended';

export interface FindingsView {
  verdicts: Record<Verdict, boolean>;
  voice: boolean;
  level: LevelFilter;
  band: BandFilter;
  sort: ClaimSort;
  query: string;
  showDismissed: boolean;
}

export const findingKey = (kind: FindingKind, index: number) => `${kind === 'claim' ? 'c' : 'v'}${index}`;

const byPosition = (a: Finding, b: Finding) => a.from - b.from || (a.kind === b.kind ? a.index - b.index : a.kind === 'claim' ? -1 : 1);

/** Every finding of a report, in draft order. */
export function findingsOf(report: CheckReport): Finding[] {
  const at = byteIndex(report.draft);
  const out: Finding[] = report.claims.map((c) => ({
    key: findingKey('claim', c.index), kind: 'claim', index: c.index, from: at(c.start), to: at(c.end), claim: c,
    dismissed: !!c.dismissed, reason: c.dismiss_reason ?? '',
  }));
  (report.voice ?? []).forEach((v, i) => {
    const index = v.index ?? i;
    out.push({ key: findingKey('voice', index), kind: 'voice', index, from: at(v.start), to: at(v.end), voice: v, dismissed: !!v.dismissed, reason: v.dismiss_reason ?? '' });
  });
  return out.sort(byPosition);
}

// contradicted → not covered → voice (required, recommended) → supported (ux-notes §1.2)
const CLAIM_RANK: Record<Verdict, number> = { contradicted: 0, not_covered: 1, supported: 4 };
export const rankOf = (f: Finding) => (f.claim ? (CLAIM_RANK[f.claim.verdict as Verdict] ?? 4) : f.voice?.level === 'required' ? 2 : 3);

/** A finding's confidence band; a voice issue has no confidence, so "not measured". */
export const bandOf = (f: Finding): ConfidenceBand => (f.claim ? confidenceBand(f.claim.confidence) : 'unmeasured');

function byConfidence(dir: 1 | -1) {
  return (a: Finding, b: Finding) => {
    const ma = bandOf(a) !== 'unmeasured';
    const mb = bandOf(b) !== 'unmeasured';
    if (ma !== mb) return ma ? -1 : 1;
    if (!ma) return 0;
    return dir * ((a.claim!.confidence as number) - (b.claim!.confidence as number));
  };
}

const ORDERS: Record<ClaimSort, (a: Finding, b: Finding) => number> = {
  draft: () => 0,
  verdict: (a, b) => rankOf(a) - rankOf(b),
  'confidence-low': byConfidence(1),
  'confidence-high': byConfidence(-1),
};

function haystack(f: Finding): string {
  const parts = f.claim
    ? [f.claim.text, f.claim.resolved, f.claim.explanation, ...f.claim.evidence.map((e) => e.title)]
    : [f.voice?.passage, f.voice?.rule, f.voice?.guideline, f.voice?.explanation, f.voice?.suggestion];
  return [...parts, f.reason].join('\n').toLowerCase();
}

/** The findings to list: filtered, then sorted; ties keep draft order. */
export function visibleFindings(list: Finding[], view: FindingsView): Finding[] {
  const q = view.query.trim().toLowerCase();
  return list
    .filter((f) => {
      if (f.dismissed && !view.showDismissed) return false;
      if (f.claim && view.verdicts[f.claim.verdict as Verdict] === false) return false;
      if (f.voice && (!view.voice || (view.level !== 'all' && f.voice.level !== view.level))) return false;
      if (view.band !== 'all' && bandOf(f) !== view.band) return false;
      return !q || haystack(f).includes(q);
    })
    .sort((a, b) => ORDERS[view.sort](a, b) || byPosition(a, b));
}

/** The key after (dir 1) or before (dir -1) selected in list, wrapping; the first or last when none is selected. */
export function step(list: Finding[], selected: string | undefined, dir: 1 | -1): string | undefined {
  if (list.length === 0) return undefined;
  const i = list.findIndex((f) => f.key === selected);
  if (i < 0) return (dir > 0 ? list[0] : list[list.length - 1]).key;
  return list[(i + dir + list.length) % list.length].key;
}

// ---- view state ----

export interface FindingsState extends FindingsView {
  selected?: string;
}

const allVerdicts: Record<Verdict, boolean> = { contradicted: true, not_covered: true, supported: true };

export const DEFAULT_VIEW: FindingsView = { verdicts: allVerdicts, voice: true, level: 'all', band: 'all', sort: 'draft', query: '', showDismissed: false };

export const findingsStore = createStore<FindingsState>({ ...DEFAULT_VIEW });

const patch = (p: Partial<FindingsState>) => findingsStore.set((s) => ({ ...s, ...p }));

export const toggleVerdict = (v: Verdict) => findingsStore.set((s) => ({ ...s, verdicts: { ...s.verdicts, [v]: !s.verdicts[v] } }));
export const toggleVoice = () => findingsStore.set((s) => ({ ...s, voice: !s.voice }));
export const setLevel = (level: LevelFilter) => patch({ level });
export const setBand = (band: BandFilter) => patch({ band });
export const setSort = (sort: ClaimSort) => patch({ sort });
export const setQuery = (query: string) => patch({ query });
export const setShowDismissed = (showDismissed: boolean) => patch({ showDismissed });
export const selectFinding = (selected: string | undefined) => patch({ selected });

// ---- where each finding is in the text being edited ----

export interface MarksState {
  reportId?: number;
  /** The text the ranges refer to: the editor's. */
  text: string;
  /** Ranges of the findings whose words are unchanged since the check; edited ones are gone. */
  ranges: Partial<Record<string, Range>>;
}

export const marksStore = createStore<MarksState>({ text: '', ranges: {} });

const initialRanges = (report: CheckReport) => Object.fromEntries(findingsOf(report).map((f) => [f.key, { from: f.from, to: f.to }]));

/** Keeps marksStore on the editor's text: each edit moves the ranges after it and drops those it touched. */
export function syncMarks() {
  const report = checkStore.get().report;
  const text = draftStore.get().text;
  const m = marksStore.get();
  if (!report) {
    if (m.reportId !== undefined || m.text !== text) marksStore.set({ text, ranges: {} });
    return;
  }
  if (m.reportId !== report.id) {
    const initial = initialRanges(report);
    marksStore.set({ reportId: report.id, text, ranges: text === report.draft ? initial : mapRanges(initial, report.draft, text) });
    patch({ selected: undefined });
    return;
  }
  if (m.text !== text) {
    marksStore.set({ reportId: report.id, text, ranges: text === report.draft ? initialRanges(report) : mapRanges(m.ranges, m.text, text) });
  }
}

checkStore.subscribe(syncMarks);
draftStore.subscribe(syncMarks);
