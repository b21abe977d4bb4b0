import { Button, NonIdealState } from '@blueprintjs/core';
import { ApiError } from '../../engine/api/client.ts';
import { texts } from '../../engine/texts.ts';
import { widgetTexts } from './texts.ts';

export interface LoadErrorProps {
  error: unknown;
  /** What could not be loaded, in the user's words. */
  title: string;
  /** The title when the server answers 404 (the record does not exist). Default: a generic one. */
  notFound?: string;
  onRetry(): void;
}

/** A failed load shown in place of its content, with the server's message and a retry button (none for a record that does not exist). */
export function LoadError({ error, title, notFound = widgetTexts.notFound, onRetry }: LoadErrorProps) {
  // A record that does not exist will not appear on a retry.
  if (error instanceof ApiError && error.status === 404) return <NonIdealState icon="search" title={notFound} description={error.message} />;
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
