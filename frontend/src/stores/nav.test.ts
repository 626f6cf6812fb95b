import { describe, expect, it } from 'vitest';
import { fromHash } from './nav';

describe('fromHash', () => {
  it.each([
    ['#/corpus', 'corpus'],
    ['#settings', 'settings'],
    ['', 'check'],
    ['#/nope', 'check'],
  ])('%s → %s', (hash, view) => {
    expect(fromHash(hash)).toBe(view);
  });
});
