import { describe, expect, it } from 'vitest';
import { byteOffsets, draftPieces, quoteSegments } from './marks';

describe('quoteSegments', () => {
  it.each([
    ['exact', 'A b. You can request a refund. C.', 'You can request a refund.', 'You can request a refund.'],
    ['whitespace and curly quotes', 'It’s simple:\nyou  can ask.', "It's simple: you can ask.", 'It’s simple:\nyou  can ask.'],
  ])('%s', (_name, chunk, quote, marked) => {
    const segs = quoteSegments(chunk, quote);
    expect(segs.filter((s) => s.mark).map((s) => s.text)).toEqual([marked]);
    expect(segs.map((s) => s.text).join('')).toBe(chunk);
  });
  it('leaves the chunk unmarked when the quote is absent', () => {
    expect(quoteSegments('abc', 'xyz')).toEqual([{ text: 'abc', mark: false }]);
  });
  it('never turns markup into elements: it is returned as text', () => {
    expect(quoteSegments('<b>x</b>', '<b>x</b>')).toEqual([{ text: '<b>x</b>', mark: true }]);
  });
});

describe('draftPieces', () => {
  it('maps Go byte offsets through multi-byte text', () => {
    const draft = 'Café — 30 days. Then 😀 more.';
    const at = byteOffsets(draft);
    const bytes = new TextEncoder().encode(draft);
    const start = new TextEncoder().encode('Café — ').length;
    expect(at(start)).toBe(draft.indexOf('30'));
    expect(at(bytes.length)).toBe(draft.length);
    const pieces = draftPieces(draft, [{ index: 0, start, end: start + '30 days.'.length }]);
    expect(pieces.map((p) => [p.text, p.claims])).toEqual([
      ['Café — ', []],
      ['30 days.', [0]],
      [' Then 😀 more.', []],
    ]);
  });
  it('merges overlapping claims into one highlight', () => {
    const pieces = draftPieces('abcdef', [
      { index: 0, start: 0, end: 4 },
      { index: 1, start: 0, end: 4 },
      { index: 2, start: 2, end: 3 },
    ]);
    expect(pieces).toEqual([
      { text: 'abcd', claims: [0, 1, 2] },
      { text: 'ef', claims: [] },
    ]);
  });
});
