import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { ErrorScreen } from '@/components/error-screen';

/** Shown by the router when a page throws while loading or rendering. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    console.error('Route error:', error);
  }, [error]);

  // Navigating to the same location resets the router's error state and renders the page again.
  const retry = () => navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true });
  return <ErrorScreen onRetry={retry} />;
}
