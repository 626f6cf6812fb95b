import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GROUP_PREVIEW, SkippedPanel, groupSkipped } from './SkippedPanel';

afterEach(cleanup);

const images = Array.from({ length: 8 }, (_, i) => ({ path: `content/img/${i}.png`, reason: 'unsupported_type', detail: '.png is not a document type' }));
const skipped = [
  { path: 'README.md', reason: 'workspace_file', detail: 'workspace file beside content/' },
  { path: 'content/CHANGELOG.md', reason: 'ignored', detail: 'default CHANGELOG*' },
  { path: 'content/b.md', reason: 'duplicate_id', detail: 'id "a" is also content/a.md' },
  ...images,
];

describe('groupSkipped', () => {
  const cases = [
    { name: 'orders attention reasons first and counts each', input: skipped, want: ['duplicate_id:1', 'workspace_file:1', 'ignored:1', 'unsupported_type:8'] },
    { name: 'keeps an unknown reason under its code', input: [{ path: 'x', reason: 'new_reason', detail: '' }], want: ['new_reason:1'] },
    { name: 'nothing skipped, no groups', input: [], want: [] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(groupSkipped(c.input).map((g) => `${g.code}:${g.items.length}`)).toEqual(c.want);
    });
  }
});

describe('SkippedPanel', () => {
  it('shows nothing when nothing was skipped', () => {
    const { container } = render(<SkippedPanel skipped={[]} />);
    expect(container.textContent).toBe('');
    render(<SkippedPanel skipped={undefined} />);
    expect(screen.queryByTestId('skipped-panel')).toBeNull();
  });

  it('groups by reason with counts, paths and details as text, and shows all on demand', () => {
    render(<SkippedPanel skipped={[...skipped, { path: '<b>x</b>.md', reason: 'unreadable', detail: '<i>binary</i>' }]} />);
    expect(screen.getByRole('heading', { name: /Skipped \(12\)/ })).toBeTruthy();
    const groups = screen.getAllByTestId('skipped-group').map((g) => g.querySelector('summary')?.textContent);
    expect(groups).toEqual(['Duplicate id (1)', 'Unreadable (1)', 'Workspace files (1)', 'Ignored by a rule (1)', 'Unsupported type (8)']);
    expect(screen.getByText('README.md')).toBeTruthy();
    expect(screen.getByText(': default CHANGELOG*')).toBeTruthy();
    expect(screen.getByText('<b>x</b>.md')).toBeTruthy(); // rendered as text, never HTML
    expect(screen.queryByText('content/img/7.png')).toBeNull();
    expect(screen.getAllByText(/content\/img\//)).toHaveLength(GROUP_PREVIEW);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 8' }));
    expect(screen.getByText('content/img/7.png')).toBeTruthy();
  });
});
