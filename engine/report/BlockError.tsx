import { Button, Callout } from '@blueprintjs/core';
import { ApiError } from '../api/client.ts';
import { TransformError } from '../../core/data/transformError.ts';
import { texts } from '../texts.ts';

/**
 * A block whose data did not load: the notice was shown once; here the user can try again.
 * A report this employee may not see says "Acceso no autorizado" in the block's place instead; a definition whose
 * transforms fail says so.
 */
export function BlockError({ error, onRetry }: { error?: unknown; onRetry(): void }) {
  if (error instanceof ApiError && error.noPermission) {
    return <Callout intent="warning" icon="lock" title={texts.errors.noPermission} className="report-block-error" role="alert" />;
  }
  // A definition that cannot group its rows fails again on retry.
  if (error instanceof TransformError) {
    return (
      <Callout intent="danger" title={texts.app.invalidDefinition} className="report-block-error" role="alert">
        {texts.app.invalidDefinitionSupport}
      </Callout>
    );
  }
  return (
    <Callout intent="danger" title={texts.report.loadFailed} className="report-block-error">
      <Button text={texts.app.retry} icon="refresh" onClick={onRetry} />
    </Callout>
  );
}
