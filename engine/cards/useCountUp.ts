import { useEffect, useState } from 'react';

const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** Counts from 0 up to `target` over `duration` ms (eased), or shows it at once when motion is reduced. */
export function useCountUp(target: number | undefined, enabled: boolean, duration = 300): number | undefined {
  const animate = enabled && target !== undefined && !reducedMotion();
  const [shown, setShown] = useState<number | undefined>(animate ? 0 : target);

  useEffect(() => {
    if (!animate || target === undefined) return;
    const start = performance.now();
    let frame = 0;
    // performance.now() rather than the frame's timestamp, which some environments take from another clock.
    const step = () => {
      const t = Math.min(1, Math.max(0, (performance.now() - start) / duration));
      setShown(target * (1 - (1 - t) ** 3));
      if (t < 1) frame = requestAnimationFrame(step);
    };
    setShown(0);
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [animate, target, duration]);

  return animate ? shown : target;
}
