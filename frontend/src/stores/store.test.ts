import { describe, expect, it, vi } from 'vitest';
import { createStore } from './store';

describe('createStore', () => {
  it('notifies on change and not on identical values', () => {
    const s = createStore(1);
    const l = vi.fn();
    const off = s.subscribe(l);
    s.set(2);
    s.set(2);
    s.set((v) => v + 1);
    expect(s.get()).toBe(3);
    expect(l).toHaveBeenCalledTimes(2);
    off();
    s.set(10);
    expect(l).toHaveBeenCalledTimes(2);
  });
});
