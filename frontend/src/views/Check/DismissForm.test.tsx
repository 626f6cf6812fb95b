import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DismissForm, PRESET_REASONS } from './DismissForm';

afterEach(cleanup);

const setup = (onDismiss = vi.fn().mockResolvedValue(true)) => {
  const onCancel = vi.fn();
  render(<DismissForm what="claim “Refunds take 14 days.”" onDismiss={onDismiss} onCancel={onCancel} />);
  return { onDismiss, onCancel, reason: screen.getByLabelText('Reason', { exact: true }) as HTMLInputElement, submit: screen.getByRole('button', { name: 'Dismiss' }) };
};

describe('dismiss form', () => {
  it('is labelled for what it dismisses and starts in the reason box', () => {
    const { reason } = setup();
    expect(screen.getByRole('form', { name: 'Dismiss claim “Refunds take 14 days.”' })).toBeTruthy();
    expect(document.activeElement).toBe(reason);
  });

  it('needs a reason: Dismiss is off until there is one', () => {
    const { submit, reason } = setup();
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(reason, { target: { value: '   ' } });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
  });

  it('a preset fills the reason; the reason is sent trimmed', async () => {
    const { onDismiss, reason, submit } = setup();
    const preset = screen.getByRole('button', { name: PRESET_REASONS[0] });
    fireEvent.click(preset);
    expect(reason.value).toBe('Correct, corpus outdated');
    expect(preset.getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(reason, { target: { value: '  Correct, corpus outdated (2024 page)  ' } });
    fireEvent.click(submit);
    await waitFor(() => expect(onDismiss).toHaveBeenCalledWith('Correct, corpus outdated (2024 page)'));
  });

  it('Esc cancels', () => {
    const { onCancel, reason } = setup();
    fireEvent.keyDown(reason, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalled();
  });

  it('stays open with the reason when the dismissal fails', async () => {
    const { reason, submit } = setup(vi.fn().mockResolvedValue(false));
    fireEvent.change(reason, { target: { value: 'Intended' } });
    fireEvent.click(submit);
    await waitFor(() => expect(document.activeElement).toBe(reason));
    expect(reason.value).toBe('Intended');
  });
});
