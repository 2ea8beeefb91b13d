/** What we keep of a session: the bearer token and when it stops working (ISO 8601). */
export type TStoredSession = { accessToken: string; expiresAt: string };

/** Reads, writes and watches the signed-in session of this host. */
export interface TokenStore {
  /** The bearer token, or null when signed out or expired. */
  getAccessToken(): string | null;
  /** Keeps a new session (after sign-in). */
  save(session: TStoredSession): void;
  /** Forgets the session (sign-out, 401, failed session). */
  clear(): void;
  /** Calls `listener` whenever the session changes, in this tab or another; returns an unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** Storage key. localStorage is per origin, so each workspace host keeps its own session. */
export const SESSION_STORAGE_KEY = 'compliance.session';

/** Reads a stored session, ignoring anything malformed or expired. */
function readSession(storage: Storage | undefined, now: number): TStoredSession | null {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(SESSION_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<TStoredSession>;
    if (typeof parsed.accessToken !== 'string' || !parsed.accessToken) return null;
    if (typeof parsed.expiresAt !== 'string') return null;
    const expiresAt = Date.parse(parsed.expiresAt);
    if (Number.isNaN(expiresAt) || expiresAt <= now) return null;
    return { accessToken: parsed.accessToken, expiresAt: parsed.expiresAt };
  } catch {
    return null;
  }
}

/**
 * The session store of this host, kept in `storage` (localStorage in the browser; an in-memory
 * Storage in tests). An expired token reads as signed out.
 */
export function createTokenStore(
  storage: Storage | undefined,
  options: { now?: () => number; eventTarget?: Pick<Window, 'addEventListener' | 'removeEventListener'> } = {},
): TokenStore {
  const now = options.now ?? Date.now;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SESSION_STORAGE_KEY) notify();
  };

  return {
    getAccessToken() {
      return readSession(storage, now())?.accessToken ?? null;
    },
    save(session) {
      try {
        storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
      } finally {
        notify();
      }
    },
    clear() {
      try {
        storage?.removeItem(SESSION_STORAGE_KEY);
      } catch {
        // Storage can be unavailable (private mode); there is then nothing to clear.
      } finally {
        notify();
      }
    },
    subscribe(listener) {
      if (listeners.size === 0) options.eventTarget?.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) options.eventTarget?.removeEventListener('storage', onStorage);
      };
    },
  };
}

/** A minimal in-memory Storage, for tests and for browsers that refuse localStorage. */
export function createMemoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => Array.from(map.keys())[index] ?? null,
    removeItem: (key) => {
      map.delete(key);
    },
    setItem: (key, value) => {
      map.set(key, String(value));
    },
  };
}
