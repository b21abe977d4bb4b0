import { Card, H2 } from '@blueprintjs/core';
import { version } from '../../package.json';
import { texts } from '../texts.ts';
import { usePageTitle } from './PageHeader.tsx';

/** Loaded on demand (the spec's /about): what Mirador is and which version runs. */
export default function AboutPage() {
  usePageTitle(texts.app.about);
  return (
    <Card className="app-about">
      <H2>{texts.about.title}</H2>
      <p>{texts.about.description}</p>
      <dl className="app-about-facts">
        <dt>{texts.about.version}</dt>
        <dd>{version}</dd>
      </dl>
    </Card>
  );
}
