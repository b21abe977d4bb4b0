import { Button } from '@blueprintjs/core';
import { notifyManager, useIsFetching, useQueryClient } from '@tanstack/react-query';
import { use, useCallback, useRef, useSyncExternalStore } from 'react';
import { formatDataAsOf } from '../../core/format.ts';
import { texts } from '../texts.ts';
import { isScreenQuery, refreshScreen, screenReadAt } from './dataAsOf.ts';
import { ReportContext } from './ReportContext.tsx';
import './DataAsOf.css';

/** When the screen's data was read, kept while another page or filter loads (the old rows stay on screen meanwhile). */
function useScreenReadAt(reportId: string): number | undefined {
  const queryClient = useQueryClient();
  // Batched, as TanStack's own hooks do: the cache also changes while other components render.
  const subscribe = useCallback((onChange: () => void) => queryClient.getQueryCache().subscribe(notifyManager.batchCalls(onChange)), [queryClient]);
  const readAt = useSyncExternalStore(subscribe, () => screenReadAt(queryClient, reportId));
  const last = useRef(readAt);
  if (readAt !== undefined) last.current = readAt;
  return last.current;
}

/**
 * "Datos al 22/11/2026 14:05 UTC" (the operator's clock and zone) and Actualizar, which reads every source of the screen again keeping the view: under
 * the page title, and in a detail panel's header (the panel covers the page), for the report around it.
 */
export function DataAsOf({ reportId: ownId }: { reportId?: string }) {
  const reportId = ownId ?? use(ReportContext)?.definition.id ?? '';
  const queryClient = useQueryClient();
  const readAt = useScreenReadAt(reportId);
  const fetching = useIsFetching({ predicate: (query) => isScreenQuery(query, reportId) }) > 0;
  return (
    <div className="report-data-as-of">
      {readAt === undefined ? null : (
        <time className="report-data-as-of-time" dateTime={new Date(readAt).toISOString()} aria-live="polite">
          {formatDataAsOf(readAt)}
        </time>
      )}
      <Button
        className="no-print"
        size="small"
        variant="minimal"
        icon="refresh"
        text={texts.report.refresh}
        title={texts.report.refreshHint}
        disabled={fetching}
        onClick={() => void refreshScreen(queryClient, reportId)}
      />
    </div>
  );
}
