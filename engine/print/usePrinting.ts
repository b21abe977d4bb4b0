import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * True while the browser prints the page: content drawn only for paper is rendered before the print layout is taken.
 * The setter lets a print button of the component's own say so before it calls `window.print()`.
 */
export function usePrintingState(): [boolean, (printing: boolean) => void] {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    // flushSync: the print layout is taken right after beforeprint, before React would render on its own.
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return [printing, setPrinting];
}

/** True while the browser prints the page (see `usePrintingState`). */
export function usePrinting(): boolean {
  return usePrintingState()[0];
}
