import { Component, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorScreen } from '@/components/error-screen';
import { retryFailedPages } from './lazy-page';

interface RouteErrorBoundaryProps {
  children: ReactNode;
  /** A new key (the next page's path) clears the error: leaving a failed page shows the next one. */
  resetKey?: string;
}

interface RouteErrorBoundaryState {
  failed: boolean;
  resetKey?: string;
}

/**
 * Shown in place of what failed while loading (a page's code) or rendering: spec 8's error screen. Try Again
 * loads a failed page's code again and renders the part once more.
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    console.error('Route error:', error);
  }

  private readonly retry = () => {
    retryFailedPages();
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    return this.state.failed ? <ErrorScreen onRetry={this.retry} /> : this.props.children;
  }
}

/** The pages' boundary: a failing page keeps the header and footer around its error screen. */
export function PageErrorBoundary() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Outlet />
    </RouteErrorBoundary>
  );
}
