import { useEffect, useRef } from 'react';

// Its own chunk, as the entry loads it on a signed-in start: the sign-in page's code stays without it.
const prefetchScreen = (pathname: string) => import('../app/prefetchScreen.ts').then((loaded) => loaded.prefetchScreen({ pathname, search: '' }));

/** How long the pointer (or the keyboard's focus) rests on a link before its screen's data is asked for. */
export const intentDelayMs = 80;

/**
 * A menu link's handlers that ask for its screen's data (as a signed-in start does, app/prefetchScreen.ts) once the
 * user shows the intent to open it: the pointer resting on it, the focus on it, or a press, which comes about 100 ms
 * before the click. The page then reads those answers from the query cache instead of asking after its click.
 */
export function usePrefetchOnIntent(pathname: string) {
  const timer = useRef<number>(undefined);
  const cancel = () => window.clearTimeout(timer.current);
  useEffect(() => cancel, []);
  const now = () => {
    cancel();
    // Without it (a chunk that failed to load) the screen asks for its data itself.
    prefetchScreen(pathname).catch(() => undefined);
  };
  const soon = () => {
    cancel();
    timer.current = window.setTimeout(now, intentDelayMs);
  };
  return { onPointerEnter: soon, onFocus: soon, onPointerLeave: cancel, onBlur: cancel, onPointerDown: now };
}
