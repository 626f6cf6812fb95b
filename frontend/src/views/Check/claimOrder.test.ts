import { describe, expect, it } from 'vitest';
import type { CheckClaim, Verdict } from '../../api/check';
import { confidenceBand, confidenceText, visibleClaims, type ClaimView } from './claimOrder';

const claim = (index: number, verdict: Verdict, confidence?: number) =>
  ({ index, verdict, confidence, text: `claim ${index}`, resolved: '', flags: [], evidence: [] }) as unknown as CheckClaim;

// A small check: five claims in draft order.
const claims = [
  claim(0, 'supported', 0.91),
  claim(1, 'contradicted', 0.55),
  claim(2, 'not_covered'),
  claim(3, 'supported', 0.7),
  claim(4, 'contradicted', 0.88),
];

const all: Record<Verdict, boolean> = { contradicted: true, not_covered: true, supported: true };
const view = (over: Partial<ClaimView>): ClaimView => ({ verdicts: all, band: 'all', sort: 'verdict', ...over });
const order = (v: ClaimView) => visibleClaims(claims, v).map((c) => c.index);

describe('visibleClaims sorts', () => {
  it.each([
    ['by verdict, draft order within one', view({}), [1, 4, 2, 0, 3]],
    ['in draft order', view({ sort: 'draft' }), [0, 1, 2, 3, 4]],
    ['least sure first, not measured last', view({ sort: 'confidence-low' }), [1, 3, 4, 0, 2]],
    ['most sure first, not measured last', view({ sort: 'confidence-high' }), [0, 4, 3, 1, 2]],
  ])('%s', (_name, v, want) => expect(order(v)).toEqual(want));

  it('never reorders the report it is given', () => {
    visibleClaims(claims, view({ sort: 'confidence-high' }));
    expect(claims.map((c) => c.index)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('visibleClaims filters', () => {
  it.each([
    ['low confidence', view({ band: 'low' }), [1]],
    ['medium confidence', view({ band: 'medium' }), [3]],
    ['high confidence', view({ band: 'high', sort: 'draft' }), [0, 4]],
    ['not measured', view({ band: 'unmeasured' }), [2]],
    ['a verdict turned off', view({ verdicts: { ...all, supported: false } }), [1, 4, 2]],
    ['verdict and confidence together', view({ verdicts: { ...all, contradicted: false }, band: 'high' }), [0]],
  ])('%s', (_name, v, want) => expect(order(v)).toEqual(want));
});

describe('confidence labels', () => {
  it.each([
    ['measured', 0.874, 'high', '87%'],
    ['the low edge', 0.599, 'low', '60%'],
    ['medium', 0.6, 'medium', '60%'],
    ['absent (LLM or an old check)', undefined, 'unmeasured', 'not measured'],
    ['null from JSON', null, 'unmeasured', 'not measured'],
  ])('%s', (_name, c, band, text) => {
    expect(confidenceBand(c)).toBe(band);
    expect(confidenceText(c)).toBe(text);
  });
});
