import { UI_TEXT } from '@caps/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/toaster';
import { useAuth } from '@/lib/auth';

/** Logout: forget the user, say so, and go home (spec 2), or to `destination` (a dashboard's sign-in page). */
export function useLogout(destination = '/'): () => Promise<void> {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    await signOut();
    toast.success(UI_TEXT.loggedOut);
    navigate(destination);
  }, [signOut, navigate, destination]);
}
