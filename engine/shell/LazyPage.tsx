import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { ErrorIcon } from '@blueprintjs/icons';
import { Component, createElement, lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { texts } from '../texts.ts';

/** How long a screen's code may take to arrive before the loading error shows (the spec's 120 s). */
export const loadTimeoutMs = 120_000;

export type PageLoader<P> = () => Promise<{ default: ComponentType<P> }>;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Not loaded after ${ms} ms`)), ms);
    promise.then(
      (value) => { clearTimeout(timer); resolve(value); },
      (error: unknown) => { clearTimeout(timer); reject(error instanceof Error ? error : new Error(String(error))); },
    );
  });
}

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

/** Loads a screen on demand: a spinner meanwhile; on failure or timeout, the loading error and a retry button. */
export function LazyPage<P extends object>({ load, props, timeoutMs = loadTimeoutMs, wrap = unwrapped }: LazyPageProps<P>) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: React.lazy remembers a failed load forever.
  const Page = useMemo(() => lazy(() => withTimeout(load(), timeoutMs)), [load, timeoutMs, attempt]);
  return (
    <LoadErrorBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)} wrap={wrap}>
      <Suspense fallback={wrap(<PageSpinner />)}>{createElement(Page as ComponentType<P>, props)}</Suspense>
    </LoadErrorBoundary>
  );
}
