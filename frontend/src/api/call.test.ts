import { describe, expect, it } from 'vitest';
import { ApiError, call } from './call';

describe('call', () => {
  it('passes values through', async () => {
    await expect(call('x', async () => 42)).resolves.toBe(42);
  });
  it('turns a Wails string rejection into an ApiError', async () => {
    const err = await call('Settings.Save', () => Promise.reject('invalid settings: engine')).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('invalid settings: engine');
    expect(err.method).toBe('Settings.Save');
  });
  it('keeps the message of a thrown Error', async () => {
    const err = await call('x', () => Promise.reject(new Error('boom'))).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('boom');
  });
});
