import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const estimate = { set: 'billing', engine: 'offline', questions: 3, calls: 0, calls_per_question: 0, input_tokens: 0, output_tokens: 0, cost: 0,
  cost_known: false, seconds: 0 };

vi.mock('../../api', () => ({
  api: {
    golden: { listSets: vi.fn().mockResolvedValue([{ name: 'billing', version: 1, row_count: 3 }]) },
    eval: {
      estimate: vi.fn(),
      listRuns: vi.fn().mockResolvedValue([]),
      getThresholds: vi.fn().mockResolvedValue([]),
      watchRuns: vi.fn(() => () => {}),
    },
  },
}));
vi.mock('../../events', () => ({ JOB_DONE: 'job:done', JOB_PROGRESS: 'job:progress', WORKSPACE_CHANGED: 'workspace:changed', on: vi.fn(() => () => {}) }));

import { api } from '../../api';
import { EvaluationsView } from '.';

afterEach(cleanup);

describe('EvaluationsView estimate', () => {
  const cases = [
    { name: 'warns before the run when reference documents are missing', warning: '2 reference documents of this set are not in the index (help-refund, help-trial): questions citing them score as retrieval misses.', shown: true },
    { name: 'says nothing when every reference is indexed', warning: '', shown: false },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      vi.mocked(api.eval.estimate).mockResolvedValue({ ...estimate, missing_refs: c.shown ? ['help-refund', 'help-trial'] : [], warning: c.warning } as never);
      render(<EvaluationsView />);
      await screen.findByText(/3 questions · no model calls/);
      const banner = screen.queryByTestId('eval-missing-refs');
      expect(!!banner).toBe(c.shown);
      if (c.shown) expect(banner?.textContent).toContain('2 reference documents of this set are not in the index');
    });
  }
});
