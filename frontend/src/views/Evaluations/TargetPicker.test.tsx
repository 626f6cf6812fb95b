import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../api', () => ({
  api: { eval: { chooseTargetFile: vi.fn(), validateTarget: vi.fn() } },
}));

import { api } from '../../api';
import { BUILTIN_TARGET, type RunTarget, type TargetCheck } from '../../api/evals';
import { TargetPicker, targetReady } from './TargetPicker';

const choose = vi.mocked(api.eval.chooseTargetFile);
const validate = vi.mocked(api.eval.validateTarget);

const okCheck = {
  ok: true, kind: 'responses', file: 'recorded.jsonl', sha256: 'ab12cd34ef56'.padEnd(64, '0'), short_hash: 'ab12cd34ef56', url: '', method: '',
  format: 'jsonl', rows: 41, problems: [], warnings: ['column "notes" ignored'],
} as unknown as TargetCheck;

const badCheck = {
  ok: false, kind: 'http', file: 'bot.yaml', sha256: '', short_hash: '', url: '', method: '', format: '', rows: 0,
  problems: [{ file: 'bot.yaml', line: 3, column: '', message: 'unknown key "answr"', text: 'bot.yaml:3: unknown key "answr"' }], warnings: [],
} as unknown as TargetCheck;

// Harness keeps the picker's state as the view does and shows whether a run could start.
function Harness({ engine = 'offline' as const }: { engine?: 'offline' | 'llm' }) {
  const [t, setT] = useState<RunTarget>(BUILTIN_TARGET);
  const [c, setC] = useState<TargetCheck | null>(null);
  return (
    <>
      <TargetPicker value={t} engine={engine} check={c} onChange={(nt, nc) => (setT(nt), setC(nc))} />
      <output data-testid="state">{JSON.stringify({ ...t, ready: targetReady(t, c) })}</output>
    </>
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}');

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('TargetPicker', () => {
  it('defaults to the built-in pipeline with no file to choose', () => {
    render(<Harness />);
    expect((screen.getByLabelText('Built-in pipeline') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('button', { name: /Choose/ })).toBeNull();
    expect(state()).toEqual({ kind: 'builtin', path: '', judge: '', ready: true });
  });

  it('chooses a responses file with the dialog, shows it by name and hash, and clears it', async () => {
    choose.mockResolvedValue('/home/ana/ws/evals/recorded.jsonl');
    validate.mockResolvedValue(okCheck);
    render(<Harness />);
    fireEvent.click(screen.getByLabelText('Recorded responses (file…)'));
    expect(state().ready).toBe(false); // no file yet
    fireEvent.click(screen.getByRole('button', { name: 'Choose responses file…' }));
    await screen.findByText('recorded.jsonl');
    expect(choose).toHaveBeenCalledWith('responses');
    expect(validate).toHaveBeenCalledWith('responses', '/home/ana/ws/evals/recorded.jsonl');
    expect(screen.getByText('recorded.jsonl').getAttribute('title')).toBe('/home/ana/ws/evals/recorded.jsonl');
    expect(screen.getByTestId('target-file').textContent).toContain('sha256 ab12cd34ef56');
    expect(screen.getByTestId('target-summary').textContent).toBe('✓ 41 recorded cases (jsonl)');
    expect(screen.getByTestId('target-warnings').textContent).toContain('column "notes" ignored');
    expect(state()).toMatchObject({ kind: 'responses', path: '/home/ana/ws/evals/recorded.jsonl', ready: true });

    fireEvent.click(screen.getByRole('button', { name: 'Clear recorded.jsonl' }));
    expect(screen.queryByText('recorded.jsonl')).toBeNull();
    expect(state()).toMatchObject({ kind: 'responses', path: '', ready: false });
  });

  it('shows a target file problem with its file and line, and blocks the run', async () => {
    choose.mockResolvedValue('/ws/bot.yaml');
    validate.mockResolvedValue(badCheck);
    render(<Harness />);
    fireEvent.click(screen.getByLabelText('Team assistant (target file…)'));
    fireEvent.click(screen.getByRole('button', { name: 'Choose target file…' }));
    const alert = await screen.findByTestId('target-problems');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('bot.yaml:3: unknown key "answr"');
    expect(alert.textContent).toContain('nothing will run');
    expect(state().ready).toBe(false);
  });

  it('leaves the state alone when the dialog is cancelled', async () => {
    choose.mockResolvedValue('');
    render(<Harness />);
    fireEvent.click(screen.getByLabelText('Recorded responses (file…)'));
    fireEvent.click(screen.getByRole('button', { name: 'Choose responses file…' }));
    await waitFor(() => expect(choose).toHaveBeenCalled());
    expect(validate).not.toHaveBeenCalled();
    expect(state()).toMatchObject({ kind: 'responses', path: '' });
  });

  it('offers every judge for a target, and for the built-in pipeline only the engine or none', () => {
    render(<Harness engine="offline" />);
    const judge = screen.getByLabelText('Judge') as HTMLSelectElement;
    const disabled = () => Array.from(judge.options).filter((o) => o.disabled).map((o) => o.value);
    expect(disabled()).toEqual(['llm']);
    fireEvent.change(judge, { target: { value: 'none' } });
    expect(state().judge).toBe('none');
    fireEvent.click(screen.getByLabelText('Recorded responses (file…)'));
    expect(disabled()).toEqual([]);
    fireEvent.change(judge, { target: { value: 'llm' } });
    fireEvent.click(screen.getByLabelText('Built-in pipeline'));
    expect(state().judge).toBe(''); // an LLM judge is not the offline engine's
  });
});
