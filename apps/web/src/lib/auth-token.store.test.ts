import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, createTokenStore, SESSION_STORAGE_KEY } from './auth-token.store.ts';

const now = Date.parse('2026-03-01T00:00:00Z');

describe('token store', () => {
  it('keeps a session until it expires', () => {
    const storage = createMemoryStorage();
    let clock = now;
    const store = createTokenStore(storage, { now: () => clock });
    store.save({ accessToken: 'tok-1', expiresAt: '2026-06-29T00:00:00Z' });
    expect(store.getAccessToken()).toBe('tok-1');
    clock = Date.parse('2026-06-29T00:00:01Z');
    expect(store.getAccessToken()).toBeNull();
  });

  it('clears the session and tells subscribers', () => {
    const storage = createMemoryStorage();
    const store = createTokenStore(storage, { now: () => now });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.save({ accessToken: 'tok-1', expiresAt: '2026-06-29T00:00:00Z' });
    store.clear();
    expect(store.getAccessToken()).toBeNull();
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.clear();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('treats malformed storage as signed out', () => {
    const storage = createMemoryStorage();
    const store = createTokenStore(storage, { now: () => now });
    storage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(store.getAccessToken()).toBeNull();
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ accessToken: 'x' }));
    expect(store.getAccessToken()).toBeNull();
  });

  it('works without any storage', () => {
    const store = createTokenStore(undefined);
    store.save({ accessToken: 'tok', expiresAt: '2999-01-01T00:00:00Z' });
    expect(store.getAccessToken()).toBeNull();
  });
});
