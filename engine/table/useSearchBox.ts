import { useEffect, useRef, useState } from 'react';

/** How long typing pauses before the search reaches the page (and, for server search, the API). */
export const searchDebounceMs = 300;

/**
 * The search box's own text, handed to `onSearch` once typing pauses; a new `search` from the page
 * (a shared link, a reset) replaces the text unless it is what we sent.
 */
export function useSearchBox(search: string, onSearch: (text: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState(search);
  const sent = useRef(search);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => {
    if (search !== sent.current) {
      sent.current = search;
      setText(search);
    }
  }, [search]);

  useEffect(() => {
    if (text === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text;
      onSearchRef.current(text);
    }, searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text]);

  return [text, setText];
}
