import { NonIdealState } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';
import { Link } from 'react-router-dom';
import { texts } from '../texts.ts';
import { usePageTitle } from './PageHeader.tsx';

export function NotFoundPage() {
  usePageTitle(texts.app.notFound);
  return (
    <div className="app-page-state">
      <NonIdealState icon={<SearchIcon size={48} />} title={texts.app.notFound} action={<Link to="/">{texts.app.home}</Link>} />
    </div>
  );
}
