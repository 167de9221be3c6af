import type { AuthResultDto } from '@caps/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import {
  clearSession,
  readSession,
  readToken,
  type StoredSession,
  type StoredUser,
  saveSession,
  subscribeToSession,
} from './auth-storage';
import { useTRPCClient } from './trpc';

export type { StoredUser } from './auth-storage';

const LOGOUT_TIMEOUT_MS = 5_000;

/** The server renders pages signed out: it cannot see the browser's storage, where the session lives. */
const SIGNED_OUT: StoredSession = { token: null, user: null };
const signedOut = () => SIGNED_OUT;

/**
 * The locally stored user, kept in step with sign-ins and sign-outs in this and other tabs. A server-rendered
 * page is hydrated signed out, as the server rendered it, and then shows the stored user.
 */
export function useStoredUser(): StoredUser | null {
  return useSyncExternalStore(subscribeToSession, readSession, signedOut).user;
}

/** The user of a page under RequireRole (routes/require-role), which renders its pages only when there is one. */
export function useSignedInUser(): StoredUser {
  const user = useStoredUser();
  if (!user) throw new Error('useSignedInUser is for pages under RequireRole');
  return user;
}

export interface Auth {
  user: StoredUser | null;
  /** Keeps the token and user of a successful login or registration. */
  signIn: (result: AuthResultDto) => void;
  /** Revokes the session on the server when it can, and always forgets it locally. */
  signOut: () => Promise<void>;
}

export function useAuth(): Auth {
  const user = useStoredUser();
  const trpcClient = useTRPCClient();
  const queryClient = useQueryClient();

  const signIn = useCallback(
    (result: AuthResultDto) => {
      // Cached answers belong to whoever was signed in before.
      queryClient.clear();
      saveSession(result.token, result.user);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    try {
      if (readToken())
        await trpcClient.auth.logout.mutate(undefined, { signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS) });
    } catch {
      // Spec 4: logout clears the stored data even if the server call fails; the token then expires unused.
    } finally {
      clearSession();
      queryClient.clear();
    }
  }, [trpcClient, queryClient]);

  return { user, signIn, signOut };
}
