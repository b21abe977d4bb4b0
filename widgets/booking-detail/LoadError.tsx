import { Button, NonIdealState } from '@blueprintjs/core';
import { ApiError } from '../../engine/api/client.ts';
import { texts } from '../../engine/texts.ts';

export interface LoadErrorProps {
  error: unknown;
  /** What could not be loaded, in the user's words. */
  title: string;
  onRetry(): void;
}

/** A failed load shown in place of its content, with the server's message and a retry button. */
export function LoadError({ error, title, onRetry }: LoadErrorProps) {
  const detail = error instanceof ApiError ? (error.noPermission ? texts.errors.noPermission : error.message) : texts.errors.serverText;
  return (
    <NonIdealState
      icon="error"
      title={title}
      description={detail}
      action={<Button icon="refresh" text={texts.app.retry} onClick={onRetry} />}
    />
  );
}
