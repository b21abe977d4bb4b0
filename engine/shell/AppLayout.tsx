import { useState, type ReactNode } from 'react';
import type { MenuSection } from '../../core/definitions.ts';
import { texts } from '../texts.ts';
import { Header } from './Header.tsx';
import { Sidebar } from './Sidebar.tsx';

/** Sidebar, header and the screen; on narrow screens the sidebar slides in from the menu button. */
export function AppLayout({ sections, children }: { sections: readonly MenuSection[]; children: ReactNode }) {
  const [navOpen, setNavOpen] = useState(false);
  const closeNav = () => setNavOpen(false);
  return (
    <div className={`app-layout${navOpen ? ' is-nav-open' : ''}`}>
      <Sidebar sections={sections} onNavigate={closeNav} />
      {navOpen ? (
        <button type="button" className="app-backdrop no-print" aria-label={texts.shell.closeMenu} onClick={closeNav} />
      ) : null}
      <div className="app-main">
        <Header menuOpen={navOpen} onToggleMenu={() => setNavOpen((open) => !open)} />
        <main className="app-content">{children}</main>
      </div>
    </div>
  );
}
