import { describe, expect, it } from 'vitest';
import { quoteSegments } from './marks';

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
