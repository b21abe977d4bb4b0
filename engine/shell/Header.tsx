import { Button, Spinner } from '@blueprintjs/core';
import { MenuIcon } from '@blueprintjs/icons';
import { useTrm } from '../api/useTrm.ts';
import { formatValue } from '../../core/format.ts';
import { texts } from '../texts.ts';
import { useCurrentPageTitle, useHeaderActionsTarget } from './PageHeader.tsx';

/** Today's TRM (COP per USD) from the payments service. */
function TrmBadge() {
  const { trm, isPending } = useTrm();
  return (
    <div className="app-trm" title={texts.shell.trm}>
      <span className="app-trm-label">{texts.shell.trm}</span>
      <span className="app-trm-value" aria-live="polite">
        {isPending ? <Spinner size={14} aria-label={texts.app.loading} /> : formatValue('money', trm)}
      </span>
    </div>
  );
}

/** The title slot of the current screen, its buttons, today's TRM and, on narrow screens, the menu button. */
export function Header({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu(): void }) {
  const title = useCurrentPageTitle();
  const actionsTarget = useHeaderActionsTarget();
  return (
    <header className="app-header no-print">
      <Button
        className="app-menu-button"
        variant="minimal"
        icon={<MenuIcon />}
        aria-label={texts.shell.menu}
        aria-expanded={menuOpen}
        onClick={onToggleMenu}
      />
      <h1 className="app-header-title">{title}</h1>
      <div className="app-header-actions" ref={actionsTarget} />
      <TrmBadge />
    </header>
  );
}
