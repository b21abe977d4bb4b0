import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { ErrorIcon } from '@blueprintjs/icons';
import { Component, createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { texts } from '../texts.ts';
import { useLoaded } from './onDemand.tsx';

/** How long a screen's code may take to arrive before the loading error shows (the spec's 120 s). */
export const loadTimeoutMs = 120_000;

export type PageLoader<P> = () => Promise<{ default: ComponentType<P> }>;

export function PageSpinner() {
  return (
    <div className="app-page-state" role="status" aria-live="polite">
      <Spinner size={40} aria-label={texts.app.loading} />
      <span className="app-page-state-text">{texts.app.loading}</span>
    </div>
  );
}

export function LoadError({ onRetry }: { onRetry(): void }) {
  return (
    <div className="app-page-state">
      <NonIdealState
        icon={<ErrorIcon size={48} />}
        title={texts.app.loadError}
        action={<Button intent="primary" text={texts.app.retry} onClick={onRetry} />}
      />
    </div>
  );
}

/** Wraps what shows while loading or after a failure (e.g. in a widget's frame with its close button). */
export type LoadStateWrap = (content: ReactNode) => ReactNode;

const unwrapped: LoadStateWrap = (content) => content;

class LoadErrorBoundary extends Component<{ onRetry(): void; wrap: LoadStateWrap; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    const { onRetry, wrap, children } = this.props;
    return this.state.failed ? wrap(<LoadError onRetry={onRetry} />) : children;
  }
}

export interface LazyPageProps<P extends object> {
  /** A module-level loader (a stable function), e.g. `() => import('./AboutPage.tsx')`. */
  load: PageLoader<P>;
  props: P;
  timeoutMs?: number;
  /** Wraps the spinner and the loading error. Default: shown as they are. */
  wrap?: LoadStateWrap;
}

/**
 * Loads a screen on demand (onDemand.tsx: drawn in the update after its code arrives, at once when it arrived before):
 * a spinner meanwhile; on failure or timeout, the loading error and a retry button, which also stands in for a page
 * that fails as it draws.
 */
export function LazyPage<P extends object>({ load, props, timeoutMs = loadTimeoutMs, wrap = unwrapped }: LazyPageProps<P>) {
  const [attempt, setAttempt] = useState(0);
  const { value: loaded, error } = useLoaded(load, { timeoutMs, attempt });
  useEffect(() => {
    if (error) console.error(error);
  }, [error]);
  const retry = () => setAttempt((n) => n + 1);
  if (error) return wrap(<LoadError onRetry={retry} />);
  if (!loaded) return wrap(<PageSpinner />);
  return (
    <LoadErrorBoundary key={attempt} onRetry={retry} wrap={wrap}>
      {createElement(loaded.default, props)}
    </LoadErrorBoundary>
  );
}
