import { useEffect, useRef, useState } from 'react';

/**
 * Gives the focus back, when the component goes, to the element that had it when the component came (the row whose
 * Enter or click opened a panel). Blueprint's overlays do this when they close, not when they are removed, as a panel
 * is when the address no longer names it.
 */
export function useReturnFocus(): void {
  const [before] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (!(before instanceof HTMLElement) || before === document.body) return;
      // After the overlays' own clean-up, which may focus the panel below.
      requestAnimationFrame(() => {
        if (!mounted.current && before.isConnected) before.focus();
      });
    };
  }, [before]);
}
