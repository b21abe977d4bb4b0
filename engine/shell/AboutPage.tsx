import { Card, H2, H3 } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../api/client.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { reports } from '../../core/definitions.ts';
import { reportGlossary } from '../report/glossary.ts';
import { texts } from '../texts.ts';
import { usePageTitle } from './PageHeader.tsx';

interface AboutAnswer {
  data: { version: string; database: { name: string; version: string } };
}

interface VersionAnswer {
  version: string;
  commit: string | null;
}

/** The version and commit the server runs, from its public /api/version. */
function useVersion(): { version: string; commit: string } | undefined {
  const query = useQuery({
    queryKey: queryKeys.version(),
    queryFn: ({ signal }) => apiGet<VersionAnswer>({ service: 'api', path: '/api/version' }, signal),
    staleTime: Infinity,
  });
  if (query.isError) return { version: texts.about.unknown, commit: texts.about.unknown };
  if (!query.data) return undefined;
  return { version: query.data.version, commit: query.data.commit?.slice(0, 12) ?? texts.about.commitUnknown };
}

/** The database the API runs on, as it answers it. */
function useDatabase(): string | undefined {
  const query = useQuery({
    queryKey: queryKeys.about(),
    queryFn: ({ signal }) => apiGet<AboutAnswer>({ service: 'api', path: '/api/v1/about' }, signal),
    staleTime: Infinity,
  });
  if (query.isError) return texts.about.unknown;
  const database = query.data?.data.database;
  return database ? `${database.name} ${database.version}` : undefined;
}

/** Loaded on demand (the spec's /about): what Mirador is, which version runs on which database, and its formulas. */
export default function AboutPage() {
  usePageTitle(texts.app.about);
  const database = useDatabase();
  const running = useVersion();
  const glossary = reports.map((report) => ({ report, entries: reportGlossary(report) })).filter(({ entries }) => entries.length > 0);
  return (
    <Card className="app-about">
      <H2>{texts.about.title}</H2>
      <p>{texts.about.description}</p>
      <dl className="app-about-facts">
        <dt>{texts.about.version}</dt>
        <dd aria-busy={running === undefined}>{running?.version ?? '…'}</dd>
        <dt>{texts.about.commit}</dt>
        <dd aria-busy={running === undefined}>{running?.commit ?? '…'}</dd>
        <dt>{texts.about.database}</dt>
        <dd aria-busy={database === undefined}>{database ?? '…'}</dd>
      </dl>
      <section className="app-about-glossary" aria-labelledby="about-glossary">
        <H2 id="about-glossary">{texts.about.glossary}</H2>
        <p>{texts.about.glossaryIntro}</p>
        {glossary.map(({ report, entries }) => (
          <section key={report.id} aria-label={report.title}>
            <H3>{report.title}</H3>
            <dl className="app-about-facts">
              {entries.map((entry) => (
                <div key={`${entry.label}\n${entry.text}`} className="app-about-entry">
                  <dt>{entry.label}</dt>
                  <dd>{entry.text}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </section>
    </Card>
  );
}
