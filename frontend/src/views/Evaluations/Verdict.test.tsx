import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Scorecard } from '../../api';
import { Verdict } from './ScorecardView';

afterEach(cleanup);

const card = (over: Record<string, unknown>) =>
  ({ ready: false, failing_metrics: 0, gate_metrics: 4, errors: 0, review_count: 0, tiles: [], gate_failures: [], ...over }) as unknown as Scorecard;

describe('Verdict headline', () => {
  const cases: { name: string; card: Scorecard; headline: string; details: string[] }[] = [
    { name: 'ready', card: card({ ready: true }), headline: 'Ready', details: [] },
    {
      name: 'the gate passes on its means while questions fail: never "Ready"',
      card: card({ ready: true, failing_questions: 22 }),
      headline: 'Gate passes, but 22 questions fail',
      details: [],
    },
    {
      name: 'approved answers the corpus contradicts, counted',
      card: card({
        failing_questions: 3,
        gate_failures: ['Q005: approved answer contradicted by blog: "14 days"', 'Q031: approved answer contradicted by blog#2: "After 14 days" (confidence 0.86)'],
      }),
      headline: 'Not ready — 3 questions fail: Q005: approved answer contradicted by blog: "14 days" (+1 more)',
      details: ['Q031: approved answer contradicted by blog#2: "After 14 days" (confidence 0.86)'],
    },
    {
      name: 'a metric below its threshold',
      card: card({ failing_metrics: 1, gate_failures: ['faithfulness mean 0.800 is below its threshold 0.90', 'Q031 now contradicts its approved answer'] }),
      headline: 'Not ready — 1 of 4 gate metrics below threshold',
      details: ['Q031 now contradicts its approved answer'],
    },
    {
      name: 'only a new contradiction',
      card: card({ gate_failures: ['Q031 now contradicts its approved answer'] }),
      headline: 'Not ready — Q031 now contradicts its approved answer',
      details: [],
    },
    {
      name: 'a contradiction and errors',
      card: card({ errors: 2, gate_failures: ['2 question(s) failed with an error', 'Q031 now contradicts its approved answer'] }),
      headline: 'Not ready — 2 question(s) failed with an error (+1 more)',
      details: ['Q031 now contradicts its approved answer'],
    },
  ];
  for (const c of cases)
    it(c.name, () => {
      render(<Verdict card={c.card} />);
      const v = screen.getByTestId('eval-verdict');
      expect(v.querySelector('strong')?.textContent).toBe(c.headline);
      expect([...v.querySelectorAll(':scope > div > div.small')].slice(1).map((d) => d.textContent)).toEqual(c.details);
    });
});
