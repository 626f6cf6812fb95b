import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const gate = [
  { metric: 'faithfulness', threshold: 0.9, meaning: 'claims backed by the context', advisory: false, custom: false },
  { metric: 'context_precision', threshold: 0, meaning: 'relevant chunks ranked first', advisory: true, custom: false },
];

vi.mock('../../api', () => ({
  api: {
    eval: {
      getThresholds: vi.fn(),
      setThresholds: vi.fn(),
    },
  },
}));

import { api } from '../../api';
import { ThresholdsPanel } from './ThresholdsPanel';

const getThresholds = vi.mocked(api.eval.getThresholds);
const setThresholds = vi.mocked(api.eval.setThresholds);

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ThresholdsPanel', () => {
  it('loads the set, saves only changed metrics and shows the new gate', async () => {
    getThresholds.mockResolvedValue(gate);
    setThresholds.mockResolvedValue([
      { ...gate[0], threshold: 0.95, custom: true },
      { ...gate[1], threshold: 0.5, advisory: false, custom: true },
    ]);
    render(<ThresholdsPanel set="billing" />);
    const faith = (await screen.findByLabelText('faithfulness threshold')) as HTMLInputElement;
    expect(getThresholds).toHaveBeenCalledWith('billing');
    expect(faith.value).toBe('0.9');
    expect((screen.getByLabelText('context_precision threshold') as HTMLInputElement).disabled).toBe(true);

    fireEvent.change(faith, { target: { value: '0.95' } });
    fireEvent.click(screen.getByLabelText('context_precision: no threshold (reported, not gated)'));
    fireEvent.change(screen.getByLabelText('context_precision threshold'), { target: { value: '0.5' } });
    fireEvent.click(screen.getByText('Save thresholds'));

    await waitFor(() => expect(setThresholds).toHaveBeenCalledTimes(1));
    const [set, sent] = setThresholds.mock.calls[0];
    expect(set).toBe('billing');
    expect(sent.map((t) => [t.metric, t.threshold, t.advisory])).toEqual([
      ['faithfulness', 0.95, false],
      ['context_precision', 0.5, false],
    ]);
    expect((await screen.findByRole('status')).textContent).toContain('earlier runs keep');
    expect(screen.getAllByText('this set')).toHaveLength(2);
  });

  it('explains a value outside 0..1 in words and does not call the backend', async () => {
    getThresholds.mockResolvedValue(gate);
    render(<ThresholdsPanel set="billing" />);
    fireEvent.change(await screen.findByLabelText('faithfulness threshold'), { target: { value: '1.5' } });
    fireEvent.click(screen.getByText('Save thresholds'));
    expect((await screen.findByRole('alert')).textContent).toContain('faithfulness: “1.5” is not a number between 0 and 1');
    expect(setThresholds).not.toHaveBeenCalled();
  });

  it('shows the backend error when saving fails', async () => {
    getThresholds.mockResolvedValue(gate);
    setThresholds.mockRejectedValue(new Error('invalid threshold: faithfulness threshold must be a number between 0 and 1, got 2'));
    render(<ThresholdsPanel set="billing" />);
    fireEvent.click(await screen.findByLabelText('faithfulness: no threshold (reported, not gated)'));
    fireEvent.click(screen.getByText('Save thresholds'));
    expect((await screen.findByRole('alert')).textContent).toContain('must be a number between 0 and 1');
  });

  it('shows why the thresholds could not be loaded', async () => {
    getThresholds.mockRejectedValue(new Error('golden set "gone" not found'));
    render(<ThresholdsPanel set="gone" />);
    expect((await screen.findByRole('alert')).textContent).toContain('golden set "gone" not found');
  });
});
