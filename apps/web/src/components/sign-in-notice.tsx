import { Info } from 'lucide-react';
import { useLocation } from 'react-router-dom';

/**
 * Router state a guarded page hands to its sign-in page when someone signed in with the wrong kind of
 * account opens it, so they learn why they landed on a sign-in form instead of being moved silently.
 */
interface SignInNoticeState {
  signInNotice: string;
}

export function signInNoticeState(message: string): SignInNoticeState {
  return { signInNotice: message };
}

function noticeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('signInNotice' in state)) return null;
  return typeof state.signInNotice === 'string' ? state.signInNotice : null;
}

/** Shows the notice a guarded page passed along (nothing on a direct visit). */
export function SignInNotice() {
  const message = noticeOf(useLocation().state);
  if (!message) return null;
  return (
    <p
      role="status"
      className="mb-4 flex items-start gap-2 rounded-lg border border-primary/40 bg-primary/5 px-3 py-2 text-sm font-medium"
    >
      <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      {message}
    </p>
  );
}
