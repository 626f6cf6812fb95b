import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckClaim } from '../../api/check';
import { sourceStore } from '../../stores/source';
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

  it('says a claim is a piece of an overlong sentence', () => {
    renderCard(claim({ verdict: 'not_covered', flags: ['cut_sentence'] }));
    expect(screen.getByText(/checked in pieces/)).toBeTruthy();
  });
});

describe('a not-covered card’s closest published passage', () => {
  const closest = { doc_id: 'remote-work', chunk_id: 'remote-work#2', title: 'Remote work <b>policy</b>', quote: 'Employees can claim up to $75 per month for <img src=x onerror=alert(1)>home internet.', url: '', chunk_text: '' };
  const differs = 'closest published: the corpus says $75 per month; the draft says $50 a month';
  const searched = { passages: 8, documents: ['Remote work policy'] };
  const notCovered = { verdict: 'not_covered', text: 'We cover home internet costs of up to $50 a month.', searched };

  it('with closest and differs: shows the passage, the Open link and the differing slot', () => {
    renderCard(claim({ ...notCovered, closest, differs }));
    const block = screen.getByTestId('closest');
    expect(block.textContent).toContain('Closest published passage');
    expect(block.textContent).toContain('Remote work <b>policy</b>');
    expect(screen.getByTestId('closest-quote').textContent).toBe(closest.quote);
    expect(block.querySelector('img, b')).toBeNull(); // corpus text is text, never HTML
    expect(screen.getByTestId('differs').textContent).toContain(differs);
    expect(screen.getByTestId('searched')).toBeTruthy(); // what was searched is still said
    fireEvent.click(screen.getByRole('button', { name: `Open ${closest.title}` }));
    expect(sourceStore.get()).toMatchObject({ docId: 'remote-work', chunkId: 'remote-work#2', quote: closest.quote });
  });

  it('with closest only: shows the passage and no differs line', () => {
    renderCard(claim({ ...notCovered, closest, differs: '' }));
    expect(screen.getByTestId('closest-quote').textContent).toBe(closest.quote);
    expect(screen.queryByTestId('differs')).toBeNull();
  });

  it('without closest: keeps today’s searched text and no block', () => {
    renderCard(claim({ ...notCovered, differs: '' }));
    expect(screen.queryByTestId('closest')).toBeNull();
    expect(screen.getByTestId('searched').textContent).toBe(
      'Searched 8 passages from 1 of 4 published documents: Remote work policy. None states this claim.',
    );
  });
});
