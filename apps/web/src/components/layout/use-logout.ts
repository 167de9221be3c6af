import { T } from '@caps/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { useAuth } from '@/lib/auth';

/** Header logout: forget the user, say so, and go home (spec 2). */
export function useLogout(): () => Promise<void> {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    await signOut();
    toast.success(T.loggedOut);
    navigate('/');
  }, [signOut, navigate]);
}
