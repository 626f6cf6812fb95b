// Byte offsets from Go → UTF-16 indexes for JS strings, and the edit an
// applied suggestion makes.
import type { VoiceIssue } from '../../api/voice';

export type Located = VoiceIssue & { from: number; to: number };

export function locate(text: string, issues: VoiceIssue[]): Located[] {
  const enc = new TextEncoder();
  const bytes = enc.encode(text);
  const dec = new TextDecoder();
  return issues.map((is) => {
    const from = dec.decode(bytes.slice(0, is.start)).length;
    const to = from + dec.decode(bytes.slice(is.start, is.end)).length;
    return { ...is, from, to };
  });
}

// applyIssue replaces the issue's passage with its suggestion and shifts
// the issues after it; undefined when the draft no longer holds the passage.
export function applyIssue(text: string, issues: Located[], target: Located): { text: string; issues: Located[] } | undefined {
  if (!target.concrete || text.slice(target.from, target.to) !== target.passage) return undefined;
  const next = text.slice(0, target.from) + target.suggestion + text.slice(target.to);
  const delta = target.suggestion.length - (target.to - target.from);
  const kept = issues
    .filter((is) => is !== target && (is.to <= target.from || is.from >= target.to))
    .map((is) => (is.from >= target.to ? { ...is, from: is.from + delta, to: is.to + delta } : is));
  return { text: next, issues: kept };
}
