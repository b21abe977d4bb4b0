import { createElement, useEffect, useState, type ComponentType } from 'react';

/**
 * Code loaded on demand (a screen, the charts, a dialog) without React.lazy and Suspense. React 19 holds back what a
 * Suspense boundary reveals until 300 ms after its fallback was shown (its FALLBACK_THROTTLE_MS; react/react#31819,
 * #36569), and a screen opened by its address went through two of them, the signed-in shell's and the report page's:
 * on `large`, each screen drew its first rows about 600 ms after its data had arrived, whatever that data was
 * (`npx tsx tests/browser/measureScreens.ts`; README, "Screens draw when their code arrives"). Here the code renders
 * in the update that follows its arrival, and at once where it arrived before.
 */

/** What each loader gave, once it had: a loader is a module-level function, so its code is loaded once. */
const arrived = new WeakMap<object, unknown>();

/** `promise`, or an error once `ms` have passed without it settling. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Not loaded after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export interface LoadOptions {
  /** Give up with an error after this long. Default: wait as long as it takes. */
  timeoutMs?: number;
  /** A new number loads again after a failure (a retry button's count). */
  attempt?: number;
}

export interface Loaded<T> {
  /** What `load` gave: undefined until it has arrived. */
  value: T | undefined;
  /** Why this attempt failed, if it did. */
  error: Error | undefined;
}

/**
 * What `load` (a stable, module-level function such as `() => import('./Page.tsx')`) gives: nothing while it loads,
 * then its value; at once, without loading, when it has arrived before in this page.
 */
export function useLoaded<T>(load: () => Promise<T>, { timeoutMs, attempt = 0 }: LoadOptions = {}): Loaded<T> {
  const [settled, setSettled] = useState<{ load: () => Promise<T>; attempt: number; value?: T; error?: Error }>();
  useEffect(() => {
    if (arrived.has(load)) return undefined;
    let current = true;
    const loading = timeoutMs === undefined ? load() : withTimeout(load(), timeoutMs);
    loading.then(
      (value) => {
        arrived.set(load, value);
        if (current) setSettled({ load, attempt, value });
      },
      (error: unknown) => {
        if (current) setSettled({ load, attempt, error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => {
      current = false;
    };
  }, [load, timeoutMs, attempt]);
  if (arrived.has(load)) return { value: arrived.get(load) as T, error: undefined };
  const mine = settled?.load === load && settled.attempt === attempt ? settled : undefined;
  return { value: mine?.value, error: mine?.error };
}

/**
 * A component whose code loads when it is first drawn (`load`, module-level, gives the component): nothing is drawn
 * until it arrives; a failure to load is thrown where it is drawn, to the nearest error boundary, as React.lazy did.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  function OnDemand(props: P) {
    const { value: Component, error } = useLoaded(load);
    if (error) throw error;
    return Component ? createElement(Component, props) : null;
  }
  return OnDemand;
}
