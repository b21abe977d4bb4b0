import { useRef, useState, type KeyboardEvent } from 'react';

// Keys that move among the chosen tags rather than ask for the list.
const tagKeys = new Set(['Backspace', 'ArrowLeft', 'ArrowRight']);

/**
 * The open state of a Blueprint MultiSelect's list, held here (`popoverProps.isOpen`) so that a pick
 * closes it: otherwise it stays open over the next field. Typing, a click or a key opens it again.
 */
export function usePickCloses() {
  const [isOpen, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' || event.key === 'Tab') setOpen(false);
    else if (!tagKeys.has(event.key)) {
      // Enter on a closed list opens it; it must not pick the entry still active from the last pick.
      if (event.key === 'Enter' && !isOpen) event.stopPropagation();
      setOpen(true);
    }
  };
  const onKeyUp = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' && !isOpen) event.stopPropagation();
  };

  // The MultiSelect reports clicks once focus has settled: a click in the field opens, focus leaving closes; the pick's own click changes nothing.
  const onInteraction = (_next: boolean, event?: { target: EventTarget | null }) => {
    const input = inputRef.current;
    if (!input || document.activeElement !== input) setOpen(false);
    else if (event?.target instanceof Node && input.closest('[role="combobox"]')?.contains(event.target)) setOpen(true);
  };

  return {
    /** Call after each pick. */
    close: () => setOpen(false),
    onQueryChange: (query: string) => {
      // The query emptied by the pick itself leaves the list closed.
      if (query !== '') setOpen(true);
    },
    popoverProps: { isOpen, onInteraction },
    tagInputProps: { inputRef, onKeyDown, onKeyUp },
  };
}
