import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { texts } from '../texts.ts';

interface PageHeaderState {
  title: string;
  setTitle(title: string): void;
  actionsElement: HTMLElement | null;
  setActionsElement(element: HTMLElement | null): void;
}

const PageHeaderContext = createContext<PageHeaderState | null>(null);

/** Holds what the current screen shows in the header: its title and its buttons. */
export function PageHeaderProvider({ children }: { children: ReactNode }) {
  const [title, setTitle] = useState('');
  const [actionsElement, setActionsElement] = useState<HTMLElement | null>(null);
  const value = useMemo(() => ({ title, setTitle, actionsElement, setActionsElement }), [title, actionsElement]);
  return <PageHeaderContext.Provider value={value}>{children}</PageHeaderContext.Provider>;
}

function usePageHeader(): PageHeaderState | null {
  return useContext(PageHeaderContext);
}

/** Shows `title` in the header and the browser tab while the calling screen is mounted. */
export function usePageTitle(title: string): void {
  const setTitle = usePageHeader()?.setTitle;
  useEffect(() => {
    setTitle?.(title);
    document.title = title ? `${title} · ${texts.app.name}` : texts.app.name;
    return () => setTitle?.('');
  }, [setTitle, title]);
}

/** The current screen's title (the header's title slot). */
export function useCurrentPageTitle(): string {
  return usePageHeader()?.title ?? '';
}

/** The header element that receives the screen's buttons. */
export function useHeaderActionsTarget(): (element: HTMLElement | null) => void {
  return usePageHeader()?.setActionsElement ?? (() => undefined);
}

/** Renders a screen's buttons (print, Excel…) in the header, hidden when printing; nothing outside the shell. */
export function HeaderActions({ children }: { children: ReactNode }) {
  const target = usePageHeader()?.actionsElement;
  return target ? createPortal(children, target) : null;
}
