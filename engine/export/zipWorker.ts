import { serveZipOn } from '../../core/export/xlsxZip.ts';

// The DOM lib types `self` as a window; a worker only needs this member.
const scope = self as unknown as { onmessage: ((event: MessageEvent<MessagePort>) => void) | null };

/**
 * Deflates the export worker's workbook while that worker writes its XML: the page sends this worker its end of the
 * channel the two talk over (exportTable.ts).
 */
scope.onmessage = (event) => serveZipOn(event.data);
