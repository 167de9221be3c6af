import type { UserDto } from '@caps/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { readToken, saveSession } from '@/lib/auth-storage';
import { useTRPC } from '@/lib/trpc';

/**
 * Takes the profile a save answered: it becomes `auth.me` at once (every screen reading it is in step),
 * the stored 'user' follows (the header greets by it), and `auth.me` is marked stale so the next
 * reader checks with the server.
 */
export function useStoreProfile(): (updated: UserDto) => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    (updated: UserDto) => {
      const key = trpc.auth.me.queryKey();
      queryClient.setQueryData(key, updated);
      void queryClient.invalidateQueries({ queryKey: key, refetchType: 'none' });
      const token = readToken();
      if (token) saveSession(token, updated);
    },
    [trpc, queryClient],
  );
}
