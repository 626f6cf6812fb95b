import { describe, expect, it } from 'vitest';
import { byteIndex, editBetween, mapRanges, pieces } from './findingsText';

describe('editBetween', () => {
  it.each([
    ['insert', 'abc', 'abXc', { at: 2, removed: 0, inserted: 1 }],
    ['delete', 'abcd', 'ad', { at: 1, removed: 2, inserted: 0 }],
    ['replace', 'one two', 'one 2', { at: 4, removed: 3, inserted: 1 }],
  ])('%s', (_n, a, b, want) => expect(editBetween(a, b)).toEqual(want));
  it('is undefined for equal texts', () => expect(editBetween('x', 'x')).toBeUndefined());
});

describe('mapRanges keeps findings on their words', () => {
  const prev = 'Refunds take 14 days. Plans cost $9. We simply ship.';
  const at = (s: string) => ({ from: prev.indexOf(s), to: prev.indexOf(s) + s.length });
  const ranges = { a: at('Refunds take 14 days.'), b: at('Plans cost $9.'), c: at('simply') };
  const words = (text: string, r: Partial<Record<string, { from: number; to: number }>>) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, text.slice(v!.from, v!.to)]));

  it('shifts the ranges after an edit and keeps those before it', () => {
    const next = prev.replace('Plans', 'Our plans');
    // "Plans cost $9." was edited: gone; the others are the same words
    expect(words(next, mapRanges(ranges, prev, next))).toEqual({ a: 'Refunds take 14 days.', c: 'simply' });
  });
  it('keeps a range when typing right after or right before it', () => {
    const after = prev.replace('days.', 'days. Yes.');
    expect(words(after, mapRanges(ranges, prev, after))).toEqual({ a: 'Refunds take 14 days.', b: 'Plans cost $9.', c: 'simply' });
    const before = 'Hello. ' + prev;
    expect(words(before, mapRanges(ranges, prev, before))).toEqual({ a: 'Refunds take 14 days.', b: 'Plans cost $9.', c: 'simply' });
  });
  it('drops every range a deletion touches', () => {
    const next = prev.slice(0, 10) + prev.slice(30);
    expect(Object.keys(mapRanges(ranges, prev, next))).toEqual(['c']);
  });
});

describe('pieces', () => {
  it('cuts at every boundary and lets overlapping marks share pieces', () => {
    const text = 'We simply ship today.';
    const ps = pieces(text, [
      { key: 'c0', from: 0, to: 21 },
      { key: 'v0', from: 3, to: 9 },
    ]);
    expect(ps.map((p) => [p.text, p.keys, p.ends])).toEqual([
      ['We ', ['c0'], []],
      ['simply', ['c0', 'v0'], ['v0']],
      [' ship today.', ['c0'], ['c0']],
    ]);
    expect(ps.map((p) => p.text).join('')).toBe(text);
  });
  it('leaves text without marks whole, and ignores empty or outside marks', () => {
    expect(pieces('abc', [{ key: 'x', from: 2, to: 2 }, { key: 'y', from: 9, to: 12 }])).toEqual([{ text: 'abc', from: 0, keys: [], ends: [] }]);
  });
});

describe('byteIndex', () => {
  it('maps Go byte offsets through multi-byte text', () => {
    const text = 'Café — 30 days. Then 😀 more.';
    const enc = new TextEncoder();
    const at = byteIndex(text);
    expect(at(enc.encode('Café — ').length)).toBe(text.indexOf('30'));
    expect(at(enc.encode('Café — 30 days. Then 😀').length)).toBe(text.indexOf(' more'));
    expect(at(enc.encode(text).length)).toBe(text.length);
    expect(at(0)).toBe(0);
  });
});
