import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const ignoreRules = vi.fn();
const saveIgnoreRules = vi.fn();
vi.mock('../../api', () => ({
  api: { corpus: { ignoreRules: (...a: unknown[]) => ignoreRules(...a), saveIgnoreRules: (...a: unknown[]) => saveIgnoreRules(...a) } },
}));

import { IgnorePanel } from './IgnorePanel';

const defaults = ['node_modules/', '.git/', 'CHANGELOG*', 'LICENSE*'];
const base = { path: '/w/.continuityignore', text: 'old/\n[bad\n', defaults, rules: [], errors: [{ line: 2, message: '"[bad" is not a valid pattern' }] };

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const open = () => {
  const panel = screen.getByTestId('ignore-panel') as HTMLDetailsElement;
  panel.open = true;
  fireEvent(panel, new Event('toggle'));
};

describe('IgnorePanel', () => {
  it('loads only when opened, then shows the defaults, the file and its invalid lines', async () => {
    ignoreRules.mockResolvedValue(base);
    render(<IgnorePanel />);
    expect(ignoreRules).not.toHaveBeenCalled();
    open();
    await waitFor(() => expect(screen.getAllByTestId('ignore-default').map((d) => d.textContent)).toEqual(defaults));
    expect((screen.getByLabelText('Ignore rules file') as HTMLTextAreaElement).value).toBe('old/\n[bad\n');
    expect(screen.getByTestId('ignore-errors').textContent).toContain('Line 2');
  });

  it('saves the edited text and says when the server refuses a line', async () => {
    ignoreRules.mockResolvedValue({ ...base, text: '', errors: [] });
    saveIgnoreRules.mockRejectedValueOnce(new Error('invalid ignore rules: .continuityignore line 1: "[x" is not a valid pattern'));
    render(<IgnorePanel />);
    open();
    const area = await screen.findByLabelText('Ignore rules file');
    fireEvent.change(area, { target: { value: '[x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save ignore rules' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('line 1'));
    saveIgnoreRules.mockResolvedValueOnce({ ...base, text: 'archive/\n', errors: [] });
    fireEvent.change(area, { target: { value: 'archive/\n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save ignore rules' }));
    await waitFor(() => screen.getByText(/Ignore rules saved/));
    expect(saveIgnoreRules).toHaveBeenLastCalledWith('archive/\n');
  });
});
