import { NonIdealState } from '@blueprintjs/core';
import { ErrorIcon } from '@blueprintjs/icons';
import type { InvalidDefinition } from '../../core/definitions.ts';
import { texts } from '../texts.ts';
import { usePageTitle } from './PageHeader.tsx';

/**
 * The screen of a wrong definition: in development, which file and why (the developer's English detail); in
 * production only that the screen cannot be shown. The menu and the other screens keep working.
 */
export function InvalidDefinitionPage({ definition, detail = import.meta.env.DEV }: { definition: InvalidDefinition; detail?: boolean }) {
  usePageTitle(definition.title ?? texts.app.name);
  return (
    <div className="app-page-state" role="alert">
      <NonIdealState
        icon={<ErrorIcon size={48} />}
        title={texts.app.invalidDefinition}
        description={
          detail ? (
            <>
              <p>{texts.app.invalidDefinitionFile(definition.file)}</p>
              <ul className="app-invalid-definition">
                {definition.problems.map((problem) => <li key={problem}><code>{problem}</code></li>)}
              </ul>
              <p>{texts.app.invalidDefinitionHelp}</p>
            </>
          ) : (
            texts.app.invalidDefinitionSupport
          )
        }
      />
    </div>
  );
}
