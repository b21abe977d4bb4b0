import { Button, Classes } from '@blueprintjs/core';
import { EnvelopeIcon, InfoSignIcon, LogOutIcon } from '@blueprintjs/icons';
import { NavLink, useNavigate } from 'react-router-dom';
import type { MenuSection } from '../../core/definitions.ts';
import { formatValue } from '../../core/format.ts';
import { clearSession } from '../session/session.ts';
import { useSession } from '../session/useSession.ts';
import { texts } from '../texts.ts';
import { SharedViewLinks } from '../views/SharedViewLinks.tsx';
import { ThemeSwitch } from '../theme/ThemeSwitch.tsx';
import { EmployeeAvatar } from './EmployeeAvatar.tsx';
import { aboutPath, loginPath, subscriptionsPath } from './paths.ts';
import { usePrefetchOnIntent } from './prefetchOnIntent.ts';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  [Classes.MENU_ITEM, 'app-nav-item', isActive ? Classes.ACTIVE : ''].filter(Boolean).join(' ');

function SidebarLink({ to, label, onNavigate }: { to: string; label: string; onNavigate?: (() => void) | undefined }) {
  const intent = usePrefetchOnIntent(to);
  return (
    <li>
      <NavLink to={to} end className={itemClass} onClick={onNavigate} {...intent}>
        <span className={`${Classes.FILL} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>{label}</span>
      </NavLink>
      <SharedViewLinks path={to} label={label} onNavigate={onNavigate} />
    </li>
  );
}

/** The signed-in employee, the route map from the definitions (current entry highlighted) and logout. */
export function Sidebar({ sections, onNavigate }: { sections: readonly MenuSection[]; onNavigate?: () => void }) {
  const employee = useSession()?.employee;
  const navigate = useNavigate();
  const logout = () => {
    clearSession();
    navigate(loginPath, { replace: true });
  };
  return (
    <nav className="app-sidebar no-print" aria-label={texts.shell.navigation}>
      <div className="app-sidebar-brand">
        <span className="app-brand-mark" aria-hidden="true">M</span>
        <span className="app-sidebar-name">{texts.app.name}</span>
      </div>
      {employee ? (
        <div className="app-sidebar-user">
          <EmployeeAvatar employee={employee} />
          <div className="app-sidebar-user-text">
            <div className={`app-sidebar-user-name ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>{formatValue('fullName', employee)}</div>
            <div className={`app-sidebar-user-email ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>{employee.email}</div>
          </div>
        </div>
      ) : null}
      <div className="app-sidebar-menu">
        {sections.map((section) => {
          // A group holding only its namesake (Dashboard) needs no heading.
          const heading = !(section.entries.length === 1 && section.entries[0]!.label === section.group);
          return (
            <section key={section.group} className="app-sidebar-section" aria-label={section.group}>
              {heading ? <h2 className="app-sidebar-group">{section.group}</h2> : null}
              <ul className={`${Classes.MENU} app-sidebar-list`}>
                {section.entries.map((entry) => (
                  <SidebarLink key={entry.key} to={entry.path} label={entry.label} onNavigate={onNavigate} />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      <div className="app-sidebar-footer">
        <ul className={`${Classes.MENU} app-sidebar-list`}>
          <li>
            <NavLink to={subscriptionsPath} end className={itemClass} onClick={onNavigate}>
              <EnvelopeIcon className={Classes.MENU_ITEM_ICON} />
              <span className={Classes.FILL}>{texts.subscriptions.pageTitle}</span>
            </NavLink>
          </li>
          <li>
            <NavLink to={aboutPath} end className={itemClass} onClick={onNavigate}>
              <InfoSignIcon className={Classes.MENU_ITEM_ICON} />
              <span className={Classes.FILL}>{texts.app.about}</span>
            </NavLink>
          </li>
        </ul>
        <Button variant="minimal" fill alignText="start" icon={<LogOutIcon />} text={texts.shell.logout} onClick={logout} />
        <ThemeSwitch />
      </div>
    </nav>
  );
}
