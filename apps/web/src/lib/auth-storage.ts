import { USER_ROLES, type UserDto, type UserRole } from '@caps/contracts';

/** localStorage keys of spec 3; other code (test pages, older tabs) reads them under these names. */
export const AUTH_TOKEN_KEY = 'auth_token';
export const USER_KEY = 'user';

/** The part of the user the browser keeps between visits. */
export interface StoredUser {
  id: number;
  name: string;
  email: string;
  role: UserRole;
}

export interface StoredSession {
  token: string | null;
  user: StoredUser | null;
}

function isStoredUser(value: unknown): value is StoredUser {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.id === 'number' &&
    typeof candidate.name === 'string' &&
    typeof candidate.email === 'string' &&
    (USER_ROLES as readonly unknown[]).includes(candidate.role)
  );
}

function safeRead(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be blocked (privacy settings); the app then behaves as signed out.
    return null;
  }
}

export function readToken(): string | null {
  return safeRead(AUTH_TOKEN_KEY);
}

const listeners = new Set<() => void>();
let cachedRaw: { token: string | null; user: string | null } | null = null;
let cachedSession: StoredSession = { token: null, user: null };

/**
 * The stored session. The same object is returned until storage changes, as useSyncExternalStore
 * requires; a malformed user record counts as signed out.
 */
export function readSession(): StoredSession {
  const token = readToken();
  const rawUser = safeRead(USER_KEY);
  if (cachedRaw && cachedRaw.token === token && cachedRaw.user === rawUser) return cachedSession;
  let user: StoredUser | null = null;
  if (rawUser) {
    try {
      const parsed: unknown = JSON.parse(rawUser);
      user = isStoredUser(parsed) ? parsed : null;
    } catch {
      user = null;
    }
  }
  cachedRaw = { token, user: rawUser };
  cachedSession = { token, user: token ? user : null };
  return cachedSession;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function saveSession(token: string, user: UserDto): void {
  const stored: StoredUser = { id: user.id, name: user.name, email: user.email, role: user.role };
  try {
    window.localStorage.setItem(AUTH_TOKEN_KEY, token);
    window.localStorage.setItem(USER_KEY, JSON.stringify(stored));
  } finally {
    notify();
  }
}

export function clearSession(): void {
  try {
    window.localStorage.removeItem(AUTH_TOKEN_KEY);
    window.localStorage.removeItem(USER_KEY);
  } finally {
    notify();
  }
}

/** Subscribes to session changes in this tab and in other tabs of the same site. */
export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === AUTH_TOKEN_KEY || event.key === USER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
