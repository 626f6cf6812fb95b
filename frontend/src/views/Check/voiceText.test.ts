import { describe, expect, it } from 'vitest';
import type { VoiceIssue } from '../../api/voice';
import { applyIssue, locate } from './voiceText';

const issue = (text: string, passage: string, suggestion: string, concrete = true): VoiceIssue => {
  const bytes = new TextEncoder();
  const at = text.indexOf(passage);
  const start = bytes.encode(text.slice(0, at)).length;
  return { passage, start, end: start + bytes.encode(passage).length, rule: 'r', guideline: 'g', explanation: 'e',
    suggestion, concrete, level: 'required', engine: 'offline' } as VoiceIssue;
};

describe('voice offsets', () => {
  it('maps byte offsets to string indexes past non-ASCII text', () => {
    const text = 'Café 👍🏽 TallyHub is cancelled.';
    const [a, b] = locate(text, [issue(text, 'TallyHub', 'Tallyhub'), issue(text, 'cancelled', 'canceled')]);
    expect(text.slice(a.from, a.to)).toBe('TallyHub');
    expect(text.slice(b.from, b.to)).toBe('cancelled');
  });

  it('applies a suggestion and shifts the issues after it', () => {
    const text = 'Log in to TallyHub. It was cancelled.';
    const issues = locate(text, [issue(text, 'Log in', 'Sign in'), issue(text, 'TallyHub', 'Tallyhub'), issue(text, 'cancelled', 'canceled')]);
    const next = applyIssue(text, issues, issues[0]);
    expect(next?.text).toBe('Sign in to TallyHub. It was cancelled.');
    expect(next?.issues.map((is) => next.text.slice(is.from, is.to))).toEqual(['TallyHub', 'cancelled']);
  });

  it('refuses guidance-only and stale issues', () => {
    const text = 'We simply ship.';
    const [g] = locate(text, [issue(text, 'simply', 'Delete it.', false)]);
    expect(applyIssue(text, [g], g)).toBeUndefined();
    const [c] = locate(text, [issue(text, 'simply', 'x')]);
    expect(applyIssue('Changed text entirely', [c], c)).toBeUndefined();
  });
});
