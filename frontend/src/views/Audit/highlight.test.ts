import { describe, expect, it } from 'vitest';
import { splitQuote } from './highlight';

const marked = (quote: string, values: string[]) =>
  splitQuote(quote, values)
    .filter((p) => p.marked)
    .map((p) => p.text);

describe('splitQuote', () => {
  it.each([
    ['one value', 'Refunds within 30 days.', ['30 days'], ['30 days']],
    ['case aside', 'Within 30 Days of payment', ['30 days'], ['30 Days']],
    ['every occurrence', '14 days, then 14 days more', ['14 days'], ['14 days', '14 days']],
    ['the longer of two overlapping values', 'about $10 a month', ['$10', '$10 a month'], ['$10 a month']],
    ['a value not in the quote', 'Pro costs $12.', ['$10'], []],
    ['blank values are ignored', 'text', ['', ' '], []],
  ])('%s', (_name, quote, values, want) => {
    expect(marked(quote, values)).toEqual(want);
  });

  it('keeps every character of the quote', () => {
    const q = 'A 30 days B 30 days C';
    expect(splitQuote(q, ['30 days']).map((p) => p.text).join('')).toBe(q);
  });
});
