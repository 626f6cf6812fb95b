import type { CheckClaim, Verdict } from '../../api/check';
import { VERDICT_ORDER } from './verdicts';

// How the Findings list orders and narrows claim cards. Pure, so the
// order a writer sees is tested without rendering.

export type ClaimSort = 'verdict' | 'draft' | 'confidence-low' | 'confidence-high';
export type ConfidenceBand = 'low' | 'medium' | 'high' | 'unmeasured';
export type BandFilter = 'all' | ConfidenceBand;

// Short labels: the Findings column is narrow and both menus should fit
// on one line beside the count.
export const SORT_LABEL: Record<ClaimSort, string> = {
  verdict: 'Verdict',
  draft: 'Draft order',
  'confidence-low': 'Least sure first',
  'confidence-high': 'Most sure first',
};

export const BAND_LABEL: Record<BandFilter, string> = {
  all: 'Any',
  low: 'Low (< 60%)',
  medium: 'Medium (60–85%)',
  high: 'High (≥ 85%)',
  unmeasured: 'Not measured',
};

/** The band of a confidence; undefined or null means the engine gave none. */
export function confidenceBand(c: number | null | undefined): ConfidenceBand {
  if (c === undefined || c === null || !Number.isFinite(c)) return 'unmeasured';
  if (c < 0.6) return 'low';
  if (c < 0.85) return 'medium';
  return 'high';
}

/** A confidence as a whole percentage, or "not measured". */
export function confidenceText(c: number | null | undefined): string {
  return confidenceBand(c) === 'unmeasured' ? 'not measured' : `${Math.round((c as number) * 100)}%`;
}

export interface ClaimView {
  verdicts: Record<Verdict, boolean>;
  band: BandFilter;
  sort: ClaimSort;
}

const verdictRank = (c: CheckClaim) => VERDICT_ORDER.indexOf(c.verdict as Verdict);
const measured = (c: CheckClaim) => confidenceBand(c.confidence) !== 'unmeasured';

// Claims without a confidence sort after every measured one, whichever
// way confidence runs: "not measured" is neither sure nor unsure.
function byConfidence(dir: 1 | -1) {
  return (a: CheckClaim, b: CheckClaim) => {
    if (measured(a) !== measured(b)) return measured(a) ? -1 : 1;
    if (!measured(a)) return 0;
    return dir * ((a.confidence as number) - (b.confidence as number));
  };
}

const orders: Record<ClaimSort, (a: CheckClaim, b: CheckClaim) => number> = {
  verdict: (a, b) => verdictRank(a) - verdictRank(b),
  draft: (a, b) => a.index - b.index,
  'confidence-low': byConfidence(1),
  'confidence-high': byConfidence(-1),
};

/** The cards to show: filtered by verdict and confidence band, sorted; ties keep draft order. */
export function visibleClaims(claims: CheckClaim[], view: ClaimView): CheckClaim[] {
  const order = orders[view.sort];
  return claims
    .filter((c) => view.verdicts[c.verdict as Verdict] !== false)
    .filter((c) => view.band === 'all' || confidenceBand(c.confidence) === view.band)
    .sort((a, b) => order(a, b) || verdictRank(a) - verdictRank(b) || a.index - b.index);
}
