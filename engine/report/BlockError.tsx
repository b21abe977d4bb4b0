import { Button, Callout } from '@blueprintjs/core';
import { texts } from '../texts.ts';

/** A block whose data did not load: the notice was shown once; here the user can try again. */
export function BlockError({ onRetry }: { onRetry(): void }) {
  return (
    <Callout intent="danger" title={texts.report.loadFailed} className="report-block-error">
      <Button text={texts.app.retry} icon="refresh" onClick={onRetry} />
    </Callout>
  );
}
