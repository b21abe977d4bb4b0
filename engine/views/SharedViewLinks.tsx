import { Classes, Icon } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { savedViewKey } from '../../core/report/urlState.ts';
import { texts } from '../texts.ts';
import { useViews } from './useViews.ts';
import './views.css';

/** Under a sidebar entry: the shared views of its screen, each a link that opens it. */
export function SharedViewLinks({ path, label, onNavigate }: { path: string; label: string; onNavigate?: (() => void) | undefined }) {
  const shared = (useViews().data ?? []).filter((view) => view.shared && view.path === path);
  if (shared.length === 0) return null;
  return (
    <ul className="app-sidebar-views" aria-label={texts.views.sidebarViews(label)}>
      {shared.map((view) => (
        <li key={view.id}>
          <Link
            to={`${path}?${new URLSearchParams([[savedViewKey, String(view.id)]])}`}
            className={`${Classes.MENU_ITEM} app-nav-item`}
            onClick={onNavigate}
          >
            <Icon icon="people" size={12} className={Classes.MENU_ITEM_ICON} />
            <span className={`${Classes.FILL} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>{view.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
