import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckClaim } from '../../api/check';
import { ClaimCard } from './ClaimCard';
import { changeDate } from './PageVersions';

vi.mock('../../../wailsjs/runtime/runtime', () => ({ BrowserOpenURL: vi.fn() }));

afterEach(cleanup);

const current = { doc_id: 'refunds', chunk_id: 'refunds#0', title: 'Refunds', quote: 'Refunds are accepted within 30 days of purchase.', url: '', chunk_text: 'Refunds are accepted within 30 days of purchase.' };
const superseded = {
  text: 'Refunds are accepted within 14 days of purchase.', doc_id: 'refunds', title: 'Refunds', until: '2026-03-12T09:00:00Z',
  commit: '1a2b3c4d5e6f', message: 'New refund policy', current: current.quote,
};
const claim = (over: Partial<CheckClaim>) =>
  ({
    index: 0, paragraph: 1, text: 'You can get a refund for two weeks.', start: 0, end: 35, verdict: 'contradicted',
    explanation: 'Until 12 Mar 2026 "Refunds" said 14 days; since then it says 30 days (commit 1a2b3c4, "New refund policy").',
    evidence: [current], flags: [], searched: { passages: 8, documents: ['Refunds'] }, vote: '', note: '', resolved: '', differs: '', ...over,
  }) as CheckClaim;

const renderCard = (c: CheckClaim) => render(<ClaimCard claim={c} corpusDocs={4} selected={false} onVote={() => {}} onShow={() => {}} />);

describe('a claim that states what a page used to say', () => {
  it('shows both versions side by side with the date and the commit', () => {
    renderCard(claim({ superseded }));
    const block = screen.getByTestId('superseded');
    expect(block.textContent).toContain('Refunds changed on 12 Mar 2026');
    expect(screen.getByTestId('superseded-commit').textContent).toBe(' (commit 1a2b3c4, “New refund policy”)');
    expect(screen.getByTestId('superseded-old').textContent).toBe(superseded.text);
    expect(screen.getByTestId('superseded-now').textContent).toBe(superseded.current);
    expect(block.textContent).toContain('Until 12 Mar 2026');
    expect(block.textContent).toContain('Since 12 Mar 2026');
    expect(screen.getByText(/since then it says 30 days/)).toBeTruthy(); // the explanation still reads in full
  });

  it('renders page text and commit messages as text, never as HTML', () => {
    const hostile = { ...superseded, title: 'Refunds <b>policy</b>', text: 'Refunds within <img src=x onerror=alert(1)>14 days.', message: '<script>alert(1)</script>fix' };
    renderCard(claim({ superseded: hostile }));
    const block = screen.getByTestId('superseded');
    expect(screen.getByTestId('superseded-old').textContent).toBe(hostile.text);
    expect(block.textContent).toContain('Refunds <b>policy</b>');
    expect(block.textContent).toContain('<script>alert(1)</script>fix');
    expect(block.querySelector('img, b, script')).toBeNull();
  });

  it('names no commit when only a sync saw the change', () => {
    renderCard(claim({ superseded: { ...superseded, commit: '', message: '' } }));
    expect(screen.getByTestId('superseded').textContent).toContain('changed on 12 Mar 2026');
    expect(screen.queryByTestId('superseded-commit')).toBeNull();
  });

  it('shows no versions on a claim without a superseded sentence (an older check)', () => {
    renderCard(claim({}));
    expect(screen.queryByTestId('superseded')).toBeNull();
  });
});

describe('changeDate', () => {
  it.each([
    ['UTC', '2026-03-12T09:00:00Z', '12 Mar 2026'],
    ['an offset keeps the date as written', '2026-05-20T23:30:00-07:00', '20 May 2026'],
    ['not a date', 'soon', 'soon'],
  ])('%s', (_name, until, want) => {
    expect(changeDate(until)).toBe(want);
  });
});
