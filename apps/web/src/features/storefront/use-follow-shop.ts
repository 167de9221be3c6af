import { useCallback, useSyncExternalStore } from 'react';
import { toast } from '@/components/ui/toaster';

/** One localStorage entry per followed shop: `followed_shop_{id}` = '1'. */
const keyOf = (shopId: number) => `followed_shop_${shopId}`;

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab following or unfollowing the shop.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function readFollowing(shopId: number): boolean {
  try {
    return window.localStorage.getItem(keyOf(shopId)) === '1';
  } catch {
    return false;
  }
}

function writeFollowing(shopId: number, following: boolean): boolean {
  try {
    if (following) window.localStorage.setItem(keyOf(shopId), '1');
    else window.localStorage.removeItem(keyOf(shopId));
  } catch {
    // Storage blocked (privacy settings): the change cannot be kept.
    return false;
  }
  for (const listener of listeners) listener();
  return true;
}

const notFollowing = () => false;

/** Follow Shop: kept in this browser only, per shop. */
export function useFollowShop(shopId: number, shopName: string): { following: boolean; toggle: () => void } {
  // The server, and the browser's first (hydrating) render, know of no followed shops.
  const following = useSyncExternalStore(subscribe, () => readFollowing(shopId), notFollowing);

  const toggle = useCallback(() => {
    const next = !readFollowing(shopId);
    if (!writeFollowing(shopId, next)) {
      toast.error('Could not update the shops you follow', { description: 'Your browser blocked local storage.' });
      return;
    }
    if (next) toast.success(`Following ${shopName}`, { description: 'You are now following this shop.' });
    else toast.success(`Unfollowed ${shopName}`);
  }, [shopId, shopName]);

  return { following, toggle };
}
