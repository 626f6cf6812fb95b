import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../api', () => ({
  api: {
    check: {
      triageCause: vi.fn(),
      setCause: vi.fn().mockResolvedValue(undefined),
    },
  },
}));

import { api } from '../../api';
import { TriageCause } from './TriageCause';

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const causes = ['bad_grounding', 'stale_index', 'retrieval_miss', 'wrong_verdict'];

describe('triage cause', () => {
  it('shows the suggested cause with why, and saves a changed one', async () => {
    vi.mocked(api.check.triageCause).mockResolvedValueOnce({ cause: 'stale_index', cause_suggested: 'stale_index',
      cause_why: 'the cited text is no longer in refund\'s file; the index is behind it', causes } as never);
    render(<TriageCause checkId={7} claimIndex={2} />);
    const select = (await screen.findByLabelText('Filed as')) as HTMLSelectElement;
    expect(api.check.triageCause).toHaveBeenCalledWith(7, 2);
    expect(select.value).toBe('stale_index');
    expect([...select.options].map((o) => o.value)).toEqual(causes);
    expect(screen.getByTestId('triage-cause-why').textContent).toBe(
      "Suggested: Stale index — re-index, because the cited text is no longer in refund's file; the index is behind it.");
    fireEvent.change(select, { target: { value: 'wrong_verdict' } });
    await waitFor(() => expect(api.check.setCause).toHaveBeenCalledWith(7, 2, 'wrong_verdict'));
    await waitFor(() => expect(select.value).toBe('wrong_verdict'));
    expect(screen.getByTestId('triage-cause-why').textContent).toContain('You changed it.');
  });

  it('renders the why as text, never as HTML', async () => {
    vi.mocked(api.check.triageCause).mockResolvedValueOnce({ cause: 'retrieval_miss', cause_suggested: 'retrieval_miss',
      cause_why: 'the note names <img src=x onerror=alert(1)>', causes } as never);
    render(<TriageCause checkId={1} claimIndex={0} />);
    const why = await screen.findByTestId('triage-cause-why');
    expect(why.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(why.querySelector('img')).toBeNull();
  });

  it('says when no cause could be suggested, and when a change was not saved', async () => {
    vi.mocked(api.check.triageCause).mockRejectedValueOnce(new Error('index busy'));
    render(<TriageCause checkId={1} claimIndex={0} />);
    expect((await screen.findByTestId('triage-cause-error')).textContent).toBe('No cause suggested: index busy');
    cleanup();
    vi.mocked(api.check.triageCause).mockResolvedValueOnce({ cause: 'wrong_verdict', cause_suggested: 'wrong_verdict', cause_why: 'x', causes } as never);
    vi.mocked(api.check.setCause).mockRejectedValueOnce(new Error('no 👎 on check 1 claim 0'));
    render(<TriageCause checkId={1} claimIndex={0} />);
    const select = (await screen.findByLabelText('Filed as')) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'bad_grounding' } });
    expect((await screen.findByRole('alert')).textContent).toContain('Cause not saved');
    expect(select.value).toBe('wrong_verdict');
  });
});
