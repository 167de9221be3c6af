import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { useStoredUser } from '@/lib/auth';

/** Pages of a signed-in customer: a signed-out visitor is told so and sent to /auth. */
export function useRequireLogin(): boolean {
  const user = useStoredUser();
  const navigate = useNavigate();
  const signedIn = Boolean(user);
  useEffect(() => {
    if (signedIn) return;
    toast.error('Authentication required', { id: 'orders-login', description: 'Please login to see your orders.' });
    navigate('/auth', { replace: true });
  }, [signedIn, navigate]);
  return signedIn;
}
