import { useEffect, useRef } from 'react';

// Open detail panels, newest last: Escape closes only the one on top.
const open: Array<{ current: () => void }> = [];

function onKeyDown(event: KeyboardEvent) {
  if (event.key !== 'Escape' || event.defaultPrevented) return;
  const top = open[open.length - 1];
  if (!top) return;
  // Marked handled so that the host's own Escape handling does not close a second panel.
  event.preventDefault();
  top.current();
}

/** Closes the panel on Escape while it is the newest one open. */
export function useEscapeClose(onClose: () => void) {
  const handler = useRef(onClose);
  useEffect(() => {
    handler.current = onClose;
  });
  useEffect(() => {
    const entry = { current: () => handler.current() };
    open.push(entry);
    if (open.length === 1) document.addEventListener('keydown', onKeyDown);
    return () => {
      open.splice(open.indexOf(entry), 1);
      if (open.length === 0) document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}
