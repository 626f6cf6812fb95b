import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckClaim } from '../../api/check';
import { ClaimCard } from './ClaimCard';

vi.mock('../../../wailsjs/runtime/runtime', () => ({ BrowserOpenURL: vi.fn() }));

afterEach(cleanup);

const claim = (over: Partial<CheckClaim>) =>
  ({
    index: 0, paragraph: 1, text: 'It runs on iPhones.', start: 28, end: 47, verdict: 'supported', explanation: 'Stated.',
    evidence: [], flags: [], searched: { passages: 8, documents: [] }, vote: '', note: '', resolved: '', ...over,
  }) as CheckClaim;

const renderCard = (c: CheckClaim) => render(<ClaimCard claim={c} corpusDocs={4} selected={false} onVote={() => {}} onShow={() => {}} />);

describe('claim card', () => {
  it('shows the resolved form as a marked hint, under the writer’s words', () => {
    renderCard(claim({ resolved: 'Tallyhub Go runs on iPhones.' }));
    expect(screen.getByRole('button', { name: 'It runs on iPhones.' })).toBeTruthy();
    expect(screen.getByTestId('resolved').textContent).toBe('read as: Tallyhub Go runs on iPhones.');
  });

  it('renders a resolved form holding markup as text, never as HTML', () => {
    const hostile = 'Tallyhub Go <img src=x onerror=alert(1)><b>runs</b> on iPhones.';
    renderCard(claim({ resolved: hostile }));
    const hint = screen.getByTestId('resolved');
    expect(hint.textContent).toBe(`read as: ${hostile}`);
    expect(hint.querySelector('img, b')).toBeNull();
  });

  it('has no hint when nothing was resolved', () => {
    renderCard(claim({}));
    expect(screen.queryByTestId('resolved')).toBeNull();
  });

  it.each([
    ['measured', 0.913, 'Confidence 91%'],
    ['not measured', undefined, 'Confidence not measured'],
  ])('shows the confidence: %s', (_name, confidence, want) => {
    renderCard(claim({ confidence }));
    expect(screen.getByTestId('confidence').textContent).toBe(want);
  });

  it('explains a model claim that was not found in the draft', () => {
    renderCard(claim({ verdict: 'not_covered', flags: ['unlocated_claim'] }));
    expect(screen.getByText(/was not found in your draft/)).toBeTruthy();
  });
});
